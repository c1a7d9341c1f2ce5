import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { removeHistoryEntry } from './historySlice';
import type { SectionSpec } from './sections';
import type { History } from './types';

interface Props {
  spec: SectionSpec;
  history: History;
  owner: boolean;
  onAdd: () => void;
  showResult: (src: string, label: string) => void;
}

/** One section of the record: a table, or its empty message; add and remove for the owner only. */
export function HistorySection({ spec, history, owner, onAdd, showResult }: Props) {
  const dispatch = useAppDispatch();
  const [removing, setRemoving] = useState<string | null>(null);
  const rows = spec.rows(history, showResult);
  const headingId = `history-${spec.kind}`;

  const remove = async (id: string) => {
    setRemoving(id);
    // A failure shows above the sections (from the slice); the row stays.
    await dispatch(removeHistoryEntry({ kind: spec.kind, id, patientId: history.patient._id }));
    setRemoving(null);
  };

  return (
    <section className="card history-section mb-4" aria-labelledby={headingId}>
      <div className="card-header d-flex align-items-center justify-content-between">
        <h2 id={headingId} className="h5 mb-0">
          {spec.title}
        </h2>
        {owner && (
          <button type="button" className="btn btn-sm btn-primary history-section__add" onClick={onAdd} aria-label={`Add to ${spec.title.toLowerCase()}`}>
            <span aria-hidden="true">+</span>
          </button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="card-body text-muted mb-0">{spec.empty}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-hover align-middle mb-0">
            <thead>
              <tr>
                {spec.columns.map((c) => (
                  <th scope="col" key={c}>
                    {c}
                  </th>
                ))}
                {owner && (
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row._id}>
                  {row.cells.map((cell, i) => (
                    <td key={spec.columns[i]}>{cell}</td>
                  ))}
                  {owner && (
                    <td className="text-end">
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        onClick={() => void remove(row._id)}
                        disabled={removing === row._id}
                        aria-label={`Remove ${row.label}`}
                      >
                        remove
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
