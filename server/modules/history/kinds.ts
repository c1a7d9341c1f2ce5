import type { Flag } from '../../db/schema.js';
import { ALLERGY_SEVERITIES, type AllergySeverity } from '../../../shared/allergy-severity.js';
import { badRequest } from '../../lib/errors.js';
import { cleanField } from '../../lib/form-text.js';
import { firstFile, type Form } from '../../plugins/forms.js';
import type { HistoryFields } from './dto.js';
import type { UploadedFile } from '../../storage/images.js';
import { requireDate } from './dates.js';

/** The eight sections of a history, as the paths name them. */
export const kindNames = ['diagnosis', 'lab', 'medicines', 'continuous_medications', 'surgeries', 'chronic_disease', 'genetic_disease', 'allergies'] as const;
export type Kind = (typeof kindNames)[number];

export type EntryTable =
  | 'history_diagnoses'
  | 'history_lab_tests'
  | 'history_medicines'
  | 'history_continuous_medications'
  | 'history_surgeries'
  | 'history_chronic_diseases'
  | 'history_genetic_diseases'
  | 'history_allergies';

/** A history form: the shared text fields and the files. */
export interface HistoryForm {
  fields: HistoryFields;
  files: Form['files'];
}

/** What a kind's form yields: its own columns, plus a file still to be checked. */
export interface Draft {
  columns: Record<string, string | Flag | null>;
  resultFile?: UploadedFile;
}

interface KindSpec {
  table: EntryTable;
  /** The query parameter that names the entry to delete. */
  deleteParam: string;
  /** Reads only this kind's fields; every other field of the shared form is ignored. */
  read(form: HistoryForm): Draft;
  /** Extra checks when the patient writes the entry herself. */
  readSelfReported?(form: HistoryForm): void;
}

/** A text field: junk such as "[object Object]" or "null" counts as empty. */
function text(form: HistoryForm, key: keyof HistoryFields, label: string, options: { required?: boolean; max?: number } = {}): string {
  const value = cleanField(form.fields[key]);
  const max = options.max ?? 300;
  if (options.required && !value) throw badRequest(`Please enter the ${label}`);
  if (value.length > max) throw badRequest(`The ${label} is too long (at most ${max} characters)`);
  return value;
}

/** The condition select sends true/false; its labels "cured" / "still not cured" are accepted as well. */
export function parseCured(raw: string | undefined): Flag {
  const value = cleanField(raw).toLowerCase();
  if (['true', 'cured', '1', 'yes'].includes(value)) return 1;
  if (['', 'false', 'still not cured', 'not cured', '0', 'no'].includes(value)) return 0;
  throw badRequest('Please choose the condition: cured or still not cured');
}

/** An allergy's severity as sent: one of the three words, in any case. */
export function parseSeverity(raw: string | undefined): AllergySeverity {
  const value = cleanField(raw).toLowerCase();
  const found = ALLERGY_SEVERITIES.find((s) => s === value);
  if (!found) throw badRequest('Please choose the severity: mild, moderate or severe');
  return found;
}

/**
 * A patient's own diagnosis cannot name a doctor as its author: an entry signed by a doctor is
 * one that doctor wrote himself. Who told her goes in the free text "told to me by".
 */
export const selfReportedDoctorRefusal = 'A diagnosis you add yourself cannot name a doctor as its author; write who told you in “Told to me by” instead';

function noDoctorNamed(form: HistoryForm): void {
  if (cleanField(form.fields.doctor)) throw badRequest(selfReportedDoctorRefusal);
}

export const kinds: Record<Kind, KindSpec> = {
  diagnosis: {
    table: 'history_diagnoses',
    deleteParam: 'diagnosis',
    read: (form) => ({
      columns: {
        diagnosis: text(form, 'diagnosis', 'diagnosis', { required: true }),
        notes: text(form, 'notes', 'notes', { max: 2000 }),
        told_by: text(form, 'told_by', '“told to me by”', { max: 200 }),
      },
    }),
    readSelfReported: noDoctorNamed,
  },
  lab: {
    table: 'history_lab_tests',
    deleteParam: 'lab',
    read: (form) => ({
      columns: { lab: text(form, 'lab', 'test name', { required: true }), name: text(form, 'name', 'laboratory name') },
      resultFile: firstFile(form, 'result'),
    }),
  },
  medicines: {
    table: 'history_medicines',
    deleteParam: 'medicine',
    read: (form) => ({
      columns: { medicine: text(form, 'medicine', 'medicine', { required: true }), date: requireDate(text(form, 'date', 'date'), 'date') },
    }),
  },
  continuous_medications: {
    table: 'history_continuous_medications',
    deleteParam: 'medicine',
    read: (form) => ({
      columns: { medicine: text(form, 'medicine', 'medicine name', { required: true }), dose: text(form, 'dose', 'dose', { required: true }) },
    }),
  },
  surgeries: {
    table: 'history_surgeries',
    deleteParam: 'surgery',
    read: (form) => ({
      columns: { name: text(form, 'name', 'surgery name', { required: true }), date: requireDate(text(form, 'date', 'date'), 'surgery date') },
    }),
  },
  chronic_disease: {
    table: 'history_chronic_diseases',
    deleteParam: 'disease',
    read: (form) => ({
      columns: {
        diagnosis: text(form, 'diagnosis', 'disease name', { required: true }),
        date: requireDate(text(form, 'date', 'date'), 'date the disease started'),
        cured: parseCured(form.fields.cured),
      },
    }),
  },
  allergies: {
    table: 'history_allergies',
    deleteParam: 'allergy',
    read: (form) => ({
      columns: {
        substance: text(form, 'substance', 'substance', { required: true, max: 200 }),
        reaction: text(form, 'reaction', 'reaction', { max: 500 }),
        severity: parseSeverity(form.fields.severity),
      },
    }),
  },
  genetic_disease: {
    table: 'history_genetic_diseases',
    deleteParam: 'disease',
    read: (form) => ({
      columns: {
        disease: text(form, 'disease', 'disease', { required: true }),
        injured: text(form, 'injured', 'injured family member'),
        cured: parseCured(form.fields.cured),
      },
    }),
  },
};

export const isKind = (value: string): value is Kind => (kindNames as readonly string[]).includes(value);
