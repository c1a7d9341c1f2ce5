import { z } from 'zod';
import { pageRule, type FieldRule } from '../../lib/form-schema.js';
import { ALLERGY_SEVERITIES } from '../../../shared/allergy-severity.js';
import type { HistoriesTable, HistoryAccessLogTable } from '../../db/schema.js';
import { fromFlag } from '../../lib/mappers.js';
import type { ImageStore } from '../../storage/images.js';
import { isPrivateFile } from '../../storage/private-files.js';
import type { HistoryRepository } from './repository.js';

const id = z.string();

/**
 * What every entry carries besides its own fields: who wrote it (null for entries older than
 * authorship), whether the patient wrote it herself, and whether she hid it from her own view.
 */
const authorshipFields = {
  _id: id,
  author: z.object({ _id: id, name: z.string(), role: z.string() }).nullable(),
  self_reported: z.boolean(),
  hidden: z.boolean(),
};
const entry = <T extends z.ZodRawShape>(fields: T) => z.object({ ...authorshipFields, ...fields });

export const historySchema = z.object({
  _id: id,
  patient: z.object({ _id: id, name: z.string(), image: z.string(), phone: z.string(), email: z.string(), gender: z.string() }),
  currentState: z.string(),
  blood_type: z.string(),
  pregnancy: z.boolean(),
  height: z.string(),
  weight: z.string(),
  medicines: z.array(entry({ medicine: z.string(), date: z.string() })),
  diagnosis: z.array(
    entry({
      diagnosis: z.string(),
      notes: z.string(),
      doctor: z.object({ _id: id, name: z.string() }).nullable(),
      told_by: z.string(),
      /** Self-reported: the clinic's doctor she named as having told her (never the author; `doctor` stays null). */
      told_by_doctor: z.object({ _id: id, name: z.string() }).nullable(),
    }),
  ),
  chronic_diseases: z.array(entry({ diagnosis: z.string(), date: z.string(), cured: z.boolean() })),
  genetic_disease: z.array(entry({ disease: z.string(), injured: z.string(), cured: z.boolean() })),
  surgeries: z.array(entry({ name: z.string(), date: z.string() })),
  continuous_medications: z.array(entry({ medicine: z.string(), dose: z.string() })),
  laboratory_tests: z.array(entry({ lab: z.string(), name: z.string(), result: z.string() })),
  allergies: z.array(entry({ substance: z.string(), reaction: z.string(), severity: z.enum(ALLERGY_SEVERITIES) })),
  updated_at: z.string(),
});
export type HistoryDto = z.infer<typeof historySchema>;

export const accessEntrySchema = z.object({
  _id: id,
  actor: z.object({ _id: id.nullable(), name: z.string(), role: z.string() }),
  action: z.enum(['read', 'add', 'delete', 'restore', 'hide', 'unhide']),
  target: z.string(),
  outcome: z.enum(['allowed', 'denied']),
  /** Why an allowed read was allowed: her own record, or the reservation that opened it. */
  reason: z.string(),
  created_at: z.string(),
  /** How many times it was tried: refusals of a signed-in account are one entry per hour with a count. */
  count: z.number(),
  /** When it was last tried (created_at for an entry that stands for one try). */
  last_at: z.string(),
});

/** Refused reads by people who were not signed in, one counter per address. */
export const guestRefusalSchema = z.object({ address: z.string(), count: z.number(), first_at: z.string(), last_at: z.string() });

/**
 * A lab result lives in private storage and is read through its authorized route, never /uploads.
 * `signed` is the query that lets the reader open it without an Authorization header (an `<img>`).
 */
export const labResultPath = (entryId: string, stored: string, signed = '') =>
  isPrivateFile(stored) ? `/api/history/lab/${entryId}/result${signed ? `?${signed}` : ''}` : stored;

interface AuthoredRow {
  id: string;
  author_id: string | null;
  author_name: string | null;
  author_role: string | null;
  self_reported: number;
  hidden_at: string | null;
}

function authorship(r: AuthoredRow) {
  return {
    _id: r.id,
    author: r.author_id && r.author_name !== null ? { _id: r.author_id, name: r.author_name, role: r.author_role ?? '' } : null,
    self_reported: r.self_reported === 1,
    hidden: r.hidden_at !== null,
  };
}

type Person = NonNullable<Awaited<ReturnType<HistoryRepository['findPerson']>>>;
type Entries = Awaited<ReturnType<HistoryRepository['entries']>>;

/**
 * The history as the page reads it. Blood type, height and weight follow the account once it has
 * them (the profile is where they are kept up to date); the history's own copy fills the gaps.
 */
export function toHistoryDto(
  patient: Person,
  history: HistoriesTable,
  entries: Entries,
  images: ImageStore,
  /** The signed query of a lab result's address for this reader. */
  signLab: (entryId: string) => string,
): HistoryDto {
  return {
    _id: history.id,
    patient: { _id: patient.id, name: patient.name, image: images.url(patient.image), phone: patient.phone, email: patient.email, gender: patient.gender },
    currentState: history.current_state,
    blood_type: patient.blood_type || history.blood_type,
    pregnancy: fromFlag(history.pregnancy),
    height: patient.height || history.height,
    weight: patient.weight || history.weight,
    medicines: entries.medicines.map((r) => ({ ...authorship(r), medicine: r.medicine, date: r.date })),
    diagnosis: entries.diagnoses.map((r) => {
      const base = authorship(r);
      // Only a doctor who wrote the diagnosis himself is shown as its doctor.
      const doctor = !base.self_reported && base.author?.role === 'doctor' ? { _id: base.author._id, name: base.author.name } : null;
      const toldByDoctor = r.told_by_doctor_id && r.told_by_doctor_name !== null ? { _id: r.told_by_doctor_id, name: r.told_by_doctor_name } : null;
      return { ...base, diagnosis: r.diagnosis, notes: r.notes, doctor, told_by: r.told_by, told_by_doctor: toldByDoctor };
    }),
    chronic_diseases: entries.chronic.map((r) => ({ ...authorship(r), diagnosis: r.diagnosis, date: r.date, cured: fromFlag(r.cured) })),
    genetic_disease: entries.genetic.map((r) => ({ ...authorship(r), disease: r.disease, injured: r.injured, cured: fromFlag(r.cured) })),
    surgeries: entries.surgeries.map((r) => ({ ...authorship(r), name: r.name, date: r.date })),
    continuous_medications: entries.continuous.map((r) => ({ ...authorship(r), medicine: r.medicine, dose: r.dose })),
    laboratory_tests: entries.labs.map((r) => ({
      ...authorship(r),
      lab: r.lab,
      name: r.name,
      result: images.url(labResultPath(r.id, r.result, isPrivateFile(r.result) ? signLab(r.id) : '')),
    })),
    allergies: entries.allergies.map((r) => ({ ...authorship(r), substance: r.substance, reaction: r.reaction, severity: r.severity })),
    updated_at: history.updated_at,
  };
}

export const toAccessEntryDto = (row: HistoryAccessLogTable, tries?: { count: number | string; last_at: string }): z.infer<typeof accessEntrySchema> => ({
  _id: row.id,
  actor: { _id: row.actor_id, name: row.actor_name, role: row.actor_role },
  action: row.action,
  target: row.target,
  outcome: row.outcome,
  reason: row.reason,
  created_at: row.created_at,
  count: tries ? Number(tries.count) : 1,
  last_at: tries?.last_at ?? row.created_at,
});

/** A page of the access log: a whole number from 1, the first when not given. */
export const logPageRule: FieldRule<number> = pageRule();
