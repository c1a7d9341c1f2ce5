import { z } from 'zod';
import type { Flag } from '../../db/schema.js';
import { ALLERGY_SEVERITIES, type AllergySeverity } from '../../../shared/allergy-severity.js';
import { checked, refuse, sentText, type FieldRule } from '../../lib/form-schema.js';
import type { Form } from '../../plugins/forms.js';
import { dateRule } from './dates.js';

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

/** A history form: its kind's fields, checked by the kind's body schema, and the files. */
export interface HistoryForm {
  fields: Record<string, unknown>;
  files: Form['files'];
}

interface KindSpec {
  table: EntryTable;
  /** The query parameter that names the entry to delete. */
  deleteParam: string;
  /**
   * The kind's own fields, in the order they are checked; every other field of the shared form is
   * dropped. Each one is a column of the kind's table, except `doctor`.
   */
  body: z.ZodObject;
}

const textMax = 300;

/** A text field: junk such as "[object Object]" or "null" counts as empty. */
const textRule =
  (label: string, options: { required?: boolean; max?: number } = {}): FieldRule<string> =>
  (value, ctx) => {
    const max = options.max ?? textMax;
    if (options.required && !value) return refuse(ctx, `Please enter the ${label}`);
    if (value.length > max) return refuse(ctx, `The ${label} is too long (at most ${max} characters)`);
    return value;
  };
const entryText = (label: string, options: { required?: boolean; max?: number } = {}) => checked(textRule(label, options));

/** A required date typed as free text (see dates.ts); an overlong one is refused like any text field. */
const entryDate = (label: string) => checked((value, ctx) => (value.length > textMax ? textRule('date')(value, ctx) : dateRule(label)(value, ctx)));

/** The condition select sends true/false; its labels "cured" / "still not cured" are accepted as well. */
export const curedRule: FieldRule<Flag> = (text, ctx) => {
  const value = text.toLowerCase();
  if (['true', 'cured', '1', 'yes'].includes(value)) return 1;
  if (['', 'false', 'still not cured', 'not cured', '0', 'no'].includes(value)) return 0;
  return refuse(ctx, 'Please choose the condition: cured or still not cured');
};

/** An allergy's severity: one of three words, in any case, so the safety check can rank them. */
export const severityRule: FieldRule<AllergySeverity> = (text, ctx) =>
  ALLERGY_SEVERITIES.find((s) => s === text.toLowerCase()) ?? refuse(ctx, 'Please choose the severity: mild, moderate or severe');

export const kinds: Record<Kind, KindSpec> = {
  diagnosis: {
    table: 'history_diagnoses',
    deleteParam: 'diagnosis',
    body: z.object({
      diagnosis: entryText('diagnosis', { required: true }),
      notes: entryText('notes', { max: 2000 }),
      told_by: entryText('“told to me by”', { max: 200 }).describe('Who told her (self-reported diagnoses)'),
      doctor: sentText().describe('Self-reported: an approved doctor’s id, recorded as who told her (never as the author)'),
    }),
  },
  lab: {
    table: 'history_lab_tests',
    deleteParam: 'lab',
    body: z.object({ lab: entryText('test name', { required: true }).describe('The test name'), name: entryText('laboratory name') }),
  },
  medicines: {
    table: 'history_medicines',
    deleteParam: 'medicine',
    body: z.object({ medicine: entryText('medicine', { required: true }), date: entryDate('date') }),
  },
  continuous_medications: {
    table: 'history_continuous_medications',
    deleteParam: 'medicine',
    body: z.object({ medicine: entryText('medicine name', { required: true }), dose: entryText('dose', { required: true }) }),
  },
  surgeries: {
    table: 'history_surgeries',
    deleteParam: 'surgery',
    body: z.object({ name: entryText('surgery name', { required: true }), date: entryDate('surgery date') }),
  },
  chronic_disease: {
    table: 'history_chronic_diseases',
    deleteParam: 'disease',
    body: z.object({
      diagnosis: entryText('disease name', { required: true }),
      date: entryDate('date the disease started'),
      cured: checked(curedRule).describe('true or false'),
    }),
  },
  allergies: {
    table: 'history_allergies',
    deleteParam: 'allergy',
    body: z.object({
      substance: entryText('substance', { required: true, max: 200 }).describe('What she reacts to'),
      reaction: entryText('reaction', { max: 500 }),
      severity: checked(severityRule).describe('mild, moderate or severe'),
    }),
  },
  genetic_disease: {
    table: 'history_genetic_diseases',
    deleteParam: 'disease',
    body: z.object({
      disease: entryText('disease', { required: true }),
      injured: entryText('injured family member'),
      cured: checked(curedRule).describe('true or false'),
    }),
  },
};

export const isKind = (value: string): value is Kind => (kindNames as readonly string[]).includes(value);
