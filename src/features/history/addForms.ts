import type { HistoryKind } from './types';

/**
 * One input of an add form; `name` is the field the server reads for that section. Its texts are
 * `history:forms.<kind>.<name>.label` (and `.placeholder`, `.doctorLabel` where the field has them).
 */
export interface FieldSpec {
  name: string;
  type: 'text' | 'textarea' | 'date' | 'condition' | 'severity' | 'file';
  placeholder?: boolean;
  /** Only on the patient's own form (a doctor's entry is signed with his account instead). */
  patientOnly?: boolean;
  /** Whether the label differs when a doctor fills the form. */
  doctorLabel?: boolean;
}

/** An add form; its title is `history:forms.<kind>.title`. */
export interface AddFormSpec {
  kind: HistoryKind;
  fields: FieldSpec[];
}

// Dates share one placeholder (history:forms.datePlaceholder).
const dateField: FieldSpec = { name: 'date', type: 'date' };

/** The eight add forms, one per section. */
export const addForms: Record<HistoryKind, AddFormSpec> = {
  diagnosis: {
    kind: 'diagnosis',
    fields: [
      { name: 'diagnosis', type: 'text' },
      // A doctor's visit note is the note of the diagnosis he writes at the visit.
      { name: 'notes', type: 'textarea', doctorLabel: true },
      // Self-reported: who told her, as free text; it never makes a doctor the entry's author.
      { name: 'told_by', type: 'text', placeholder: true, patientOnly: true },
    ],
  },
  allergies: {
    kind: 'allergies',
    fields: [
      { name: 'substance', type: 'text', placeholder: true },
      { name: 'reaction', type: 'text', placeholder: true },
      { name: 'severity', type: 'severity' },
    ],
  },
  lab: {
    kind: 'lab',
    fields: [
      { name: 'lab', type: 'text', placeholder: true },
      { name: 'name', type: 'text' },
      { name: 'result', type: 'file' },
    ],
  },
  medicines: {
    kind: 'medicines',
    fields: [{ name: 'medicine', type: 'text' }, dateField],
  },
  continuous_medications: {
    kind: 'continuous_medications',
    fields: [
      { name: 'medicine', type: 'text' },
      { name: 'dose', type: 'text', placeholder: true },
    ],
  },
  surgeries: {
    kind: 'surgeries',
    fields: [{ name: 'name', type: 'text' }, dateField],
  },
  chronic_disease: {
    kind: 'chronic_disease',
    fields: [{ name: 'diagnosis', type: 'text' }, dateField, { name: 'cured', type: 'condition' }],
  },
  genetic_disease: {
    kind: 'genetic_disease',
    fields: [
      { name: 'disease', type: 'text' },
      { name: 'injured', type: 'text', placeholder: true },
      { name: 'cured', type: 'condition' },
    ],
  },
};

/** The fields a patient (her own form) or a doctor (signing for his patient) fills in. */
export const fieldsFor = (spec: AddFormSpec, asDoctor: boolean): FieldSpec[] => spec.fields.filter((f) => !(asDoctor && f.patientOnly));

/** The starting values of a form: conditions start as "cured", as the select shows first; severity is chosen. */
export function initialValues(spec: AddFormSpec): Record<string, string> {
  return Object.fromEntries(spec.fields.filter((f) => f.type !== 'file').map((f) => [f.name, f.type === 'condition' ? 'true' : '']));
}
