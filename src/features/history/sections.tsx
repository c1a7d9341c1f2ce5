import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { PrivateImage } from '../../ui/PrivateImage';
import { formatDay } from './format';
import type { AllergySeverity, Authorship, History, HistoryKind } from './types';
import { DoctorName, useDoctorTitle } from '../../ui/DoctorName';

/** A tick for yes and a cross for no, readable by screen readers too. */
export function YesNo({ value, yes, no }: { value: boolean; yes?: string; no?: string }) {
  const { t } = useTranslation('history');
  const yesText = yes ?? t('yes');
  const noText = no ?? t('no');
  return value ? (
    <span className="history-yes" title={yesText}>
      <span aria-hidden="true">✔</span>
      <span className="visually-hidden">{yesText}</span>
    </span>
  ) : (
    <span className="history-no" title={noText}>
      <span aria-hidden="true">✘</span>
      <span className="visually-hidden">{noText}</span>
    </span>
  );
}

/** Whether a disease is cured, as a tick or a cross. */
function Cured({ value }: { value: boolean }) {
  const { t } = useTranslation('history');
  return <YesNo value={value} yes={t('cured')} no={t('notCured')} />;
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
  const { t } = useTranslation('history');
  return <span className={`badge ${severityStyle[value] ?? 'text-bg-secondary'}`}>{t(`severity.${value}`, { defaultValue: value })}</span>;
}

/** Who told a patient about a diagnosis she reported herself. */
/** Who told her: her own words, or the clinic's doctor she named (titled like every doctor). */
function ToldBy({ name, doctor }: { name?: string; doctor?: string }) {
  const { t } = useTranslation('history');
  const titled = useDoctorTitle();
  return <>{t('toldBy', { name: doctor ? titled(doctor) : name })}</>;
}

/** A lab result's thumbnail, opening the full image. */
function ResultButton({ src, lab, showResult }: { src: string; lab: string; showResult: (src: string, label: string) => void }) {
  const { t } = useTranslation('history');
  return (
    <button type="button" className="history-result-thumb" onClick={() => showResult(src, lab)}>
      <PrivateImage src={src} alt="" width={56} height={56} />
      <span className="visually-hidden">{t('openResult', { lab })}</span>
    </button>
  );
}

/**
 * A section of the record. Its title, add button, empty message and column names are the texts
 * `history:sections.<kind>.title|add|empty|columns.<column>`.
 */
export interface SectionSpec {
  kind: HistoryKind;
  columns: string[];
  rows(history: History, showResult: (src: string, label: string) => void): Row[];
}

/** The eight sections in page order, with their columns; allergies first, as they matter most before any prescription. */
export const sections: SectionSpec[] = [
  {
    kind: 'allergies',
    columns: ['substance', 'reaction', 'severity'],
    rows: (h) =>
      (h.allergies ?? []).map((a) => ({
        _id: a._id,
        label: a.substance,
        meta: a,
        cells: [a.substance, a.reaction || '-', <Severity key="severity" value={a.severity} />],
      })),
  },
  {
    kind: 'medicines',
    columns: ['medicine', 'date'],
    rows: (h) => h.medicines.map((m) => ({ _id: m._id, label: m.medicine, meta: m, cells: [m.medicine, formatDay(m.date)] })),
  },
  {
    kind: 'diagnosis',
    columns: ['diagnosis', 'note', 'doctor'],
    rows: (h) =>
      h.diagnosis.map((d) => ({
        _id: d._id,
        label: d.diagnosis,
        meta: d,
        cells: [
          d.diagnosis,
          d.notes || '-',
          d.doctor ? (
            <DoctorName key="doctor" name={d.doctor.name} />
          ) : d.told_by_doctor ? (
            <ToldBy key="told" doctor={d.told_by_doctor.name} />
          ) : d.told_by ? (
            <ToldBy key="told" name={d.told_by} />
          ) : (
            '-'
          ),
        ],
      })),
  },
  {
    kind: 'chronic_disease',
    columns: ['name', 'since', 'cured'],
    rows: (h) =>
      h.chronic_diseases.map((c) => ({
        _id: c._id,
        label: c.diagnosis,
        meta: c,
        cells: [c.diagnosis, formatDay(c.date), <Cured key="cured" value={c.cured} />],
      })),
  },
  {
    kind: 'genetic_disease',
    columns: ['disease', 'injured', 'cured'],
    rows: (h) =>
      h.genetic_disease.map((g) => ({ _id: g._id, label: g.disease, meta: g, cells: [g.disease, g.injured || '-', <Cured key="cured" value={g.cured} />] })),
  },
  {
    kind: 'surgeries',
    columns: ['name', 'date'],
    rows: (h) => h.surgeries.map((s) => ({ _id: s._id, label: s.name, meta: s, cells: [s.name, formatDay(s.date)] })),
  },
  {
    kind: 'continuous_medications',
    columns: ['medicine', 'dose'],
    rows: (h) => h.continuous_medications.map((c) => ({ _id: c._id, label: c.medicine, meta: c, cells: [c.medicine, c.dose || '-'] })),
  },
  {
    kind: 'lab',
    columns: ['test', 'laboratory', 'result'],
    rows: (h, showResult) =>
      h.laboratory_tests.map((t) => ({
        _id: t._id,
        label: t.lab,
        meta: t,
        cells: [t.lab, t.name || '-', t.result ? <ResultButton key="result" src={t.result} lab={t.lab} showResult={showResult} /> : '-'],
      })),
  },
];
