import type { ReactNode } from 'react';
import { PrivateImage } from '../../ui/PrivateImage';
import { formatDay } from './format';
import type { History, HistoryKind } from './types';

/** A tick for yes and a cross for no, readable by screen readers too. */
export function YesNo({ value, yes = 'Yes', no = 'No' }: { value: boolean; yes?: string; no?: string }) {
  return value ? (
    <span className="history-yes" title={yes}>
      <span aria-hidden="true">✔</span>
      <span className="visually-hidden">{yes}</span>
    </span>
  ) : (
    <span className="history-no" title={no}>
      <span aria-hidden="true">✘</span>
      <span className="visually-hidden">{no}</span>
    </span>
  );
}

interface Row {
  _id: string;
  /** What the remove button names. */
  label: string;
  cells: ReactNode[];
}

export interface SectionSpec {
  kind: HistoryKind;
  title: string;
  columns: string[];
  empty: string;
  rows(history: History, showResult: (src: string, label: string) => void): Row[];
}

/** The seven sections in page order, with their columns and empty messages. */
export const sections: SectionSpec[] = [
  {
    kind: 'medicines',
    title: 'Medicines',
    columns: ['Medicine', 'Date'],
    empty: 'There are no medicines yet',
    rows: (h) => h.medicines.map((m) => ({ _id: m._id, label: m.medicine, cells: [m.medicine, formatDay(m.date)] })),
  },
  {
    kind: 'diagnosis',
    title: 'Diagnosis',
    columns: ['Diagnosis', 'Note', 'Doctor'],
    empty: 'There are no diagnosis added yet.',
    rows: (h) => h.diagnosis.map((d) => ({ _id: d._id, label: d.diagnosis, cells: [d.diagnosis, d.notes || '-', d.doctor?.name ?? '-'] })),
  },
  {
    kind: 'chronic_disease',
    title: 'Chronic diseases',
    columns: ['Name', 'Since', 'Cured'],
    empty: 'There are no chronic diseases added yet.',
    rows: (h) =>
      h.chronic_diseases.map((c) => ({ _id: c._id, label: c.diagnosis, cells: [c.diagnosis, formatDay(c.date), <YesNo key="cured" value={c.cured} yes="Cured" no="Still not cured" />] })),
  },
  {
    kind: 'genetic_disease',
    title: 'Genetic diseases',
    columns: ['Disease', 'Injured', 'Cured'],
    empty: 'There are no genetic diseases added yet.',
    rows: (h) =>
      h.genetic_disease.map((g) => ({ _id: g._id, label: g.disease, cells: [g.disease, g.injured || '-', <YesNo key="cured" value={g.cured} yes="Cured" no="Still not cured" />] })),
  },
  {
    kind: 'surgeries',
    title: 'Surgeries',
    columns: ['Name', 'Date'],
    empty: 'There are no surgeries added yet.',
    rows: (h) => h.surgeries.map((s) => ({ _id: s._id, label: s.name, cells: [s.name, formatDay(s.date)] })),
  },
  {
    kind: 'continuous_medications',
    title: 'Continuous medications',
    columns: ['Medicine name', 'Dose'],
    empty: 'There are no continuous medications added yet.',
    rows: (h) => h.continuous_medications.map((c) => ({ _id: c._id, label: c.medicine, cells: [c.medicine, c.dose || '-'] })),
  },
  {
    kind: 'lab',
    title: 'Laboratory tests',
    columns: ['Test Name', 'Laboratory', 'Result'],
    empty: 'There are no Laboratory tests added yet.',
    rows: (h, showResult) =>
      h.laboratory_tests.map((t) => ({
        _id: t._id,
        label: t.lab,
        cells: [
          t.lab,
          t.name || '-',
          t.result ? (
            <button key="result" type="button" className="history-result-thumb" onClick={() => showResult(t.result, t.lab)}>
              <PrivateImage src={t.result} alt="" width={56} height={56} />
              <span className="visually-hidden">Open the result of {t.lab}</span>
            </button>
          ) : (
            '-'
          ),
        ],
      })),
  },
];
