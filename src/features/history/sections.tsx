import type { ReactNode } from 'react';
import { PrivateImage } from '../../ui/PrivateImage';
import { formatDay } from './format';
import type { AllergySeverity, Authorship, History, HistoryKind } from './types';

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

export interface Row {
  _id: string;
  /** What the remove button names. */
  label: string;
  cells: ReactNode[];
  /** Who wrote it, and whether she hid it. */
  meta: Authorship;
}

const severityStyle: Record<AllergySeverity, string> = { mild: 'text-bg-secondary', moderate: 'text-bg-warning', severe: 'text-bg-danger' };

function Severity({ value }: { value: AllergySeverity }) {
  return <span className={`badge ${severityStyle[value] ?? 'text-bg-secondary'}`}>{value}</span>;
}

export interface SectionSpec {
  kind: HistoryKind;
  title: string;
  columns: string[];
  empty: string;
  rows(history: History, showResult: (src: string, label: string) => void): Row[];
}

/** The eight sections in page order, with their columns and empty messages; allergies first, as they matter most before any prescription. */
export const sections: SectionSpec[] = [
  {
    kind: 'allergies',
    title: 'Allergies',
    columns: ['Substance', 'Reaction', 'Severity'],
    empty: 'There are no allergies added yet.',
    rows: (h) =>
      (h.allergies ?? []).map((a) => ({ _id: a._id, label: a.substance, meta: a, cells: [a.substance, a.reaction || '-', <Severity key="severity" value={a.severity} />] })),
  },
  {
    kind: 'medicines',
    title: 'Medicines',
    columns: ['Medicine', 'Date'],
    empty: 'There are no medicines yet',
    rows: (h) => h.medicines.map((m) => ({ _id: m._id, label: m.medicine, meta: m, cells: [m.medicine, formatDay(m.date)] })),
  },
  {
    kind: 'diagnosis',
    title: 'Diagnosis',
    columns: ['Diagnosis', 'Note', 'Doctor'],
    empty: 'There are no diagnosis added yet.',
    rows: (h) =>
      h.diagnosis.map((d) => ({ _id: d._id, label: d.diagnosis, meta: d, cells: [d.diagnosis, d.notes || '-', d.doctor?.name ?? (d.told_by ? `Told to me by ${d.told_by}` : '-')] })),
  },
  {
    kind: 'chronic_disease',
    title: 'Chronic diseases',
    columns: ['Name', 'Since', 'Cured'],
    empty: 'There are no chronic diseases added yet.',
    rows: (h) =>
      h.chronic_diseases.map((c) => ({ _id: c._id, label: c.diagnosis, meta: c, cells: [c.diagnosis, formatDay(c.date), <YesNo key="cured" value={c.cured} yes="Cured" no="Still not cured" />] })),
  },
  {
    kind: 'genetic_disease',
    title: 'Genetic diseases',
    columns: ['Disease', 'Injured', 'Cured'],
    empty: 'There are no genetic diseases added yet.',
    rows: (h) =>
      h.genetic_disease.map((g) => ({ _id: g._id, label: g.disease, meta: g, cells: [g.disease, g.injured || '-', <YesNo key="cured" value={g.cured} yes="Cured" no="Still not cured" />] })),
  },
  {
    kind: 'surgeries',
    title: 'Surgeries',
    columns: ['Name', 'Date'],
    empty: 'There are no surgeries added yet.',
    rows: (h) => h.surgeries.map((s) => ({ _id: s._id, label: s.name, meta: s, cells: [s.name, formatDay(s.date)] })),
  },
  {
    kind: 'continuous_medications',
    title: 'Continuous medications',
    columns: ['Medicine name', 'Dose'],
    empty: 'There are no continuous medications added yet.',
    rows: (h) => h.continuous_medications.map((c) => ({ _id: c._id, label: c.medicine, meta: c, cells: [c.medicine, c.dose || '-'] })),
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
        meta: t,
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
