import type { HistoryKind } from './types';

/** One input of an add form; `name` is the field the server reads for that section. */
export interface FieldSpec {
  name: string;
  label: string;
  type: 'text' | 'textarea' | 'date' | 'condition' | 'severity' | 'file';
  placeholder?: string;
  /** Only on the patient's own form (a doctor's entry is signed with his account instead). */
  patientOnly?: boolean;
  /** The label when a doctor fills the form, if it differs. */
  doctorLabel?: string;
}

export interface AddFormSpec {
  kind: HistoryKind;
  title: string;
  fields: FieldSpec[];
}

const dateField = (label: string): FieldSpec => ({ name: 'date', label, type: 'date', placeholder: 'ex: 01/25/1970' });

/** The eight add forms, one per section, with their titles as the page shows them. */
export const addForms: Record<HistoryKind, AddFormSpec> = {
  diagnosis: {
    kind: 'diagnosis',
    title: 'Add diagnosis',
    fields: [
      { name: 'diagnosis', label: 'Diagnosis *', type: 'text' },
      // A doctor's visit note is the note of the diagnosis he writes at the visit.
      { name: 'notes', label: 'Notes', type: 'textarea', doctorLabel: 'Visit note' },
      // Self-reported: who told her, as free text; it never makes a doctor the entry's author.
      { name: 'told_by', label: 'Told to me by (optional)', type: 'text', placeholder: 'ex: Dr. Karim at the city clinic', patientOnly: true },
    ],
  },
  allergies: {
    kind: 'allergies',
    title: 'Add allergy',
    fields: [
      { name: 'substance', label: 'Substance *', type: 'text', placeholder: 'ex: Penicillin' },
      { name: 'reaction', label: 'Reaction', type: 'text', placeholder: 'ex: Hives and swelling' },
      { name: 'severity', label: 'Severity *', type: 'severity' },
    ],
  },
  lab: {
    kind: 'lab',
    title: 'Add New Test Details',
    fields: [
      { name: 'lab', label: 'Test Name *', type: 'text', placeholder: 'ex: Complete blood count' },
      { name: 'name', label: 'Laboratory', type: 'text' },
      { name: 'result', label: 'Result (PNG, GIF or JPEG image)', type: 'file' },
    ],
  },
  medicines: {
    kind: 'medicines',
    title: 'Add medicines',
    fields: [{ name: 'medicine', label: 'Medicine *', type: 'text' }, dateField('Date *')],
  },
  continuous_medications: {
    kind: 'continuous_medications',
    title: 'continuous medications',
    fields: [
      { name: 'medicine', label: 'Medicine name *', type: 'text' },
      { name: 'dose', label: 'Dose *', type: 'text', placeholder: 'ex: one tablet every morning' },
    ],
  },
  surgeries: {
    kind: 'surgeries',
    title: 'Add Surgery',
    fields: [{ name: 'name', label: 'Surgery name *', type: 'text' }, dateField('Date *')],
  },
  chronic_disease: {
    kind: 'chronic_disease',
    title: 'Add Chronic disease',
    fields: [{ name: 'diagnosis', label: 'Disease name *', type: 'text' }, dateField('Since *'), { name: 'cured', label: 'Condition', type: 'condition' }],
  },
  genetic_disease: {
    kind: 'genetic_disease',
    title: 'Add genetic diseases',
    fields: [
      { name: 'disease', label: 'Disease *', type: 'text' },
      { name: 'injured', label: 'Injured', type: 'text', placeholder: 'ex: father, mother, sister' },
      { name: 'cured', label: 'Condition', type: 'condition' },
    ],
  },
};

/** The fields a patient (her own form) or a doctor (signing for his patient) fills in. */
export const fieldsFor = (spec: AddFormSpec, asDoctor: boolean): FieldSpec[] =>
  spec.fields.filter((f) => !(asDoctor && f.patientOnly)).map((f) => (asDoctor && f.doctorLabel ? { ...f, label: f.doctorLabel } : f));

/** The starting values of a form: conditions start as "cured", as the select shows first; severity is chosen. */
export function initialValues(spec: AddFormSpec): Record<string, string> {
  return Object.fromEntries(spec.fields.filter((f) => f.type !== 'file').map((f) => [f.name, f.type === 'condition' ? 'true' : '']));
}
