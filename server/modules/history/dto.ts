import { z } from 'zod';
import type { HistoriesTable, HistoryAccessLogTable } from '../../db/schema.js';
import { fromFlag } from '../../lib/mappers.js';
import type { ImageStore } from '../../storage/images.js';
import { isPrivateFile } from '../../storage/private-files.js';
import type { HistoryRepository } from './repository.js';

const id = z.string();

export const historySchema = z.object({
  _id: id,
  patient: z.object({ _id: id, name: z.string(), image: z.string(), phone: z.string(), email: z.string(), gender: z.string() }),
  currentState: z.string(),
  blood_type: z.string(),
  pregnancy: z.boolean(),
  height: z.string(),
  weight: z.string(),
  medicines: z.array(z.object({ _id: id, medicine: z.string(), date: z.string() })),
  diagnosis: z.array(z.object({ _id: id, diagnosis: z.string(), notes: z.string(), doctor: z.object({ _id: id, name: z.string() }).nullable() })),
  chronic_diseases: z.array(z.object({ _id: id, diagnosis: z.string(), date: z.string(), cured: z.boolean() })),
  genetic_disease: z.array(z.object({ _id: id, disease: z.string(), injured: z.string(), cured: z.boolean() })),
  surgeries: z.array(z.object({ _id: id, name: z.string(), date: z.string() })),
  continuous_medications: z.array(z.object({ _id: id, medicine: z.string(), dose: z.string() })),
  laboratory_tests: z.array(z.object({ _id: id, lab: z.string(), name: z.string(), result: z.string() })),
  updated_at: z.string(),
});
export type HistoryDto = z.infer<typeof historySchema>;

export const accessEntrySchema = z.object({
  _id: id,
  actor: z.object({ _id: id.nullable(), name: z.string(), role: z.string() }),
  action: z.enum(['read', 'add', 'delete']),
  target: z.string(),
  outcome: z.enum(['allowed', 'denied']),
  /** Why an allowed read was allowed: her own record, or the reservation that opened it. */
  reason: z.string(),
  created_at: z.string(),
});

/** Refused reads by people who were not signed in, one counter per address. */
export const guestRefusalSchema = z.object({ address: z.string(), count: z.number(), first_at: z.string(), last_at: z.string() });

/** A lab result lives in private storage and is read through its authorized route, never /uploads. */
export const labResultPath = (entryId: string, stored: string) => (isPrivateFile(stored) ? `/api/history/lab/${entryId}/result` : stored);

type Person = NonNullable<Awaited<ReturnType<HistoryRepository['findPerson']>>>;
type Entries = Awaited<ReturnType<HistoryRepository['entries']>>;

/**
 * The history as the page reads it. Blood type, height and weight follow the account once it has
 * them (the profile is where they are kept up to date); the history's own copy fills the gaps.
 */
export function toHistoryDto(patient: Person, history: HistoriesTable, entries: Entries, images: ImageStore): HistoryDto {
  return {
    _id: history.id,
    patient: { _id: patient.id, name: patient.name, image: images.url(patient.image), phone: patient.phone, email: patient.email, gender: patient.gender },
    currentState: history.current_state,
    blood_type: patient.blood_type || history.blood_type,
    pregnancy: fromFlag(history.pregnancy),
    height: patient.height || history.height,
    weight: patient.weight || history.weight,
    medicines: entries.medicines.map((r) => ({ _id: r.id, medicine: r.medicine, date: r.date })),
    diagnosis: entries.diagnoses.map((r) => ({
      _id: r.id,
      diagnosis: r.diagnosis,
      notes: r.notes,
      doctor: r.doctor_id && r.doctor_name ? { _id: r.doctor_id, name: r.doctor_name } : null,
    })),
    chronic_diseases: entries.chronic.map((r) => ({ _id: r.id, diagnosis: r.diagnosis, date: r.date, cured: fromFlag(r.cured) })),
    genetic_disease: entries.genetic.map((r) => ({ _id: r.id, disease: r.disease, injured: r.injured, cured: fromFlag(r.cured) })),
    surgeries: entries.surgeries.map((r) => ({ _id: r.id, name: r.name, date: r.date })),
    continuous_medications: entries.continuous.map((r) => ({ _id: r.id, medicine: r.medicine, dose: r.dose })),
    laboratory_tests: entries.labs.map((r) => ({ _id: r.id, lab: r.lab, name: r.name, result: images.url(labResultPath(r.id, r.result)) })),
    updated_at: history.updated_at,
  };
}

export const toAccessEntryDto = (row: HistoryAccessLogTable): z.infer<typeof accessEntrySchema> => ({
  _id: row.id,
  actor: { _id: row.actor_id, name: row.actor_name, role: row.actor_role },
  action: row.action,
  target: row.target,
  outcome: row.outcome,
  reason: row.reason,
  created_at: row.created_at,
});
