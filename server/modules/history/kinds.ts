import type { Flag } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { cleanField, firstFile, type Form } from '../../plugins/forms.js';
import type { UploadedFile } from '../../storage/images.js';
import { requireDate } from './dates.js';

/** The seven sections of a history, as the paths name them. */
export const kindNames = ['diagnosis', 'lab', 'medicines', 'continuous_medications', 'surgeries', 'chronic_disease', 'genetic_disease'] as const;
export type Kind = (typeof kindNames)[number];

export type EntryTable =
  | 'history_diagnoses'
  | 'history_lab_tests'
  | 'history_medicines'
  | 'history_continuous_medications'
  | 'history_surgeries'
  | 'history_chronic_diseases'
  | 'history_genetic_diseases';

/** What a kind's form yields: its own columns, plus a doctor id and a file still to be checked. */
export interface Draft {
  columns: Record<string, string | Flag | null>;
  doctorId?: string | null;
  resultFile?: UploadedFile;
}

interface KindSpec {
  table: EntryTable;
  /** The query parameter that names the entry to delete. */
  deleteParam: string;
  /** Reads only this kind's fields; every other field of the shared form is ignored. */
  read(form: Form): Draft;
}

/** A text field: junk such as "[object Object]" or "null" counts as empty. */
function text(form: Form, key: string, label: string, options: { required?: boolean; max?: number } = {}): string {
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

/** The doctor select sends a doctor's id, or nothing when no doctor was chosen. */
function doctorField(form: Form): string | null {
  const value = cleanField(form.fields.doctor);
  if (!value) return null;
  if (!isId(value)) throw badRequest('Please choose the doctor from the list');
  return value;
}

export const kinds: Record<Kind, KindSpec> = {
  diagnosis: {
    table: 'history_diagnoses',
    deleteParam: 'diagnosis',
    read: (form) => ({
      columns: { diagnosis: text(form, 'diagnosis', 'diagnosis', { required: true }), notes: text(form, 'notes', 'notes', { max: 2000 }) },
      doctorId: doctorField(form),
    }),
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
