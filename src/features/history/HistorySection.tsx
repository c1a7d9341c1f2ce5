import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n';
import { DataTable } from '../../ui/DataTable';
import type { Row, SectionSpec } from './sections';
import type { Authorship, EntryChange, History, HistoryKind } from './types';
import { DoctorName } from '../../ui/DoctorName';

/** A change the patient asked for, waiting for her confirmation (or an undo, without one). */
export interface ChangeRequest {
  change: EntryChange;
  kind: HistoryKind;
  id: string;
  label: string;
}

interface Props {
  spec: SectionSpec;
  history: History;
  /** The patient herself: she removes her own entries and hides doctors' ones. */
  owner: boolean;
  /** The patient, or a doctor caring for her. */
  canAdd: boolean;
  /** Whether the patient chose to see the doctors' entries she hid. */
  showHidden: boolean;
  onAdd: () => void;
  onChange: (request: ChangeRequest) => void;
  showResult: (src: string, label: string) => void;
}

/** An entry older than authorship counts as self-reported: only patients could add entries then. */
const isSelfReported = (meta: Authorship) => meta.self_reported !== false;

/** Who wrote the entry: the doctor's name, or a "self-reported" badge; and whether she hid it. */
function AddedBy({ meta, owner }: { meta: Authorship; owner: boolean }) {
  const { t } = useTranslation('history');
  return (
    <>
      {isSelfReported(meta) ? (
        <span className="badge text-bg-light border history-self-reported">{t('table.selfReported')}</span>
      ) : (
        <span>{meta.author ? meta.author.role === 'doctor' ? <DoctorName name={meta.author.name} /> : meta.author.name : t('table.aDoctor')}</span>
      )}
      {meta.hidden && <span className="badge text-bg-secondary ms-1">{owner ? t('table.hidden') : t('table.hiddenByPatient')}</span>}
    </>
  );
}

/** The owner's action on a row: remove what she wrote; hide, or show again, what a doctor wrote. */
function rowAction(row: Row, t: TFunction<'history'>): { change: EntryChange; text: string; name: string } {
  const label = row.label;
  if (isSelfReported(row.meta)) return { change: 'remove', text: t('table.remove'), name: t('table.removeName', { label }) };
  if (row.meta.hidden) return { change: 'unhide', text: t('table.show'), name: t('table.showName', { label }) };
  return { change: 'hide', text: t('table.hide'), name: t('table.hideName', { label }) };
}

/** One section of the record: a table, or its empty message, with who wrote each entry. */
export function HistorySection({ spec, history, owner, canAdd, showHidden, onAdd, onChange, showResult }: Props) {
  const all = spec.rows(history, showResult);
  // Hidden entries leave the patient's own view unless she asks for them; doctors always see them.
  const rows = owner && !showHidden ? all.filter((r) => !r.meta.hidden) : all;
  const headingId = `history-${spec.kind}`;
  const { t } = useTranslation('history');
  const columns = spec.columns.map((column) => t(`sections.${spec.kind}.columns.${column}`));

  return (
    <section className="card history-section mb-4" aria-labelledby={headingId}>
      <div className="card-header d-flex align-items-center justify-content-between">
        <h2 id={headingId} className="h5 mb-0">
          {t(`sections.${spec.kind}.title`)}
        </h2>
        {canAdd && (
          <button type="button" className="btn btn-sm btn-primary history-section__add" onClick={onAdd} aria-label={t(`sections.${spec.kind}.add`)}>
            <span aria-hidden="true">+</span>
          </button>
        )}
      </div>
      <DataTable
        rows={rows}
        empty={<p className="card-body text-muted mb-0">{t(`sections.${spec.kind}.empty`)}</p>}
        className="table-hover align-middle mb-0 table-stack"
        columns={[...columns, t('table.addedBy'), ...(owner ? [<span className="visually-hidden">{t('table.removeOrHide')}</span>] : [])]}
        row={(row) => {
          const action = rowAction(row, t);
          return (
            <tr key={row._id} className={row.meta.hidden ? 'history-row--hidden' : undefined}>
              {row.cells.map((cell, i) => (
                <td key={spec.columns[i]} data-label={columns[i]}>
                  {/* What was written keeps its own direction: an English note on an Arabic page
                      ends with its full stop, not starts with it. */}
                  {typeof cell === 'string' ? <bdi>{cell}</bdi> : cell}
                </td>
              ))}
              <td data-label={t('table.addedBy')}>
                <AddedBy meta={row.meta} owner={owner} />
              </td>
              {owner && (
                <td className="text-end">
                  <button
                    type="button"
                    className={`btn btn-sm ${action.change === 'remove' ? 'btn-outline-danger' : 'btn-outline-secondary'}`}
                    onClick={() => onChange({ change: action.change, kind: spec.kind, id: row._id, label: row.label })}
                    aria-label={action.name}
                  >
                    {action.text}
                  </button>
                </td>
              )}
            </tr>
          );
        }}
      />
    </section>
  );
}
