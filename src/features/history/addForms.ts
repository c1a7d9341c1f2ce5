import type { HistoryKind } from './types';

/** One input of an add form; `name` is the field the server reads for that section. */
export interface FieldSpec {
  name: string;
  label: string;
  type: 'text' | 'textarea' | 'date' | 'doctor' | 'condition' | 'file';
  placeholder?: string;
}

export interface AddFormSpec {
  kind: HistoryKind;
  title: string;
  fields: FieldSpec[];
}

const dateField = (label: string): FieldSpec => ({ name: 'date', label, type: 'date', placeholder: 'ex: 01/25/1970' });

/** The seven add forms, one per section, with their titles as the page shows them. */
export const addForms: Record<HistoryKind, AddFormSpec> = {
  diagnosis: {
    kind: 'diagnosis',
    title: 'Add diagnosis',
    fields: [
      { name: 'diagnosis', label: 'Diagnosis *', type: 'text' },
      { name: 'notes', label: 'Notes', type: 'textarea' },
      { name: 'doctor', label: 'Doctor', type: 'doctor' },
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

/** The starting values of a form: conditions start as "cured", as the select shows first. */
export function initialValues(spec: AddFormSpec): Record<string, string> {
  return Object.fromEntries(spec.fields.filter((f) => f.type !== 'file').map((f) => [f.name, f.type === 'condition' ? 'true' : '']));
}
