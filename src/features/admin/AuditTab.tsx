import { useEffect, useState } from 'react';
import { http, messageOf } from '../../api/http';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import type { AuditEntry } from './types';

const actionNames: Record<string, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
  unpublish: 'Unpublished',
  'view-licence': 'Opened the licence document of',
};

/** Every administrator action, newest first, 50 a page. */
export function AuditTab() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ entries: AuditEntry[]; pages: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    http
      .get<{ entries: AuditEntry[]; pages: number }>(`admin/audit?page=${page}`)
      .then((res) => setData(res.data))
      .catch((e: unknown) => setError(messageOf(e)));
  }, [page]);

  return (
    <section aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="h4">
        Audit log
      </h2>
      <ErrorAlert message={error} />
      {!data && !error && <Spinner label="Loading the audit log…" />}
      {data?.entries.length === 0 && <p>No administrator action yet.</p>}
      {data && data.entries.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e._id}>
                  <td>
                    <time dateTime={e.created_at}>{new Date(e.created_at).toLocaleString()}</time>
                  </td>
                  <td>{e.actor.name}</td>
                  <td>
                    {actionNames[e.action] ?? e.action} {e.targetLabel}
                  </td>
                  <td>{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.pages > 1 && (
        <nav aria-label="Audit log pages" className="d-flex gap-2 align-items-center">
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer entries
          </button>
          <span>
            Page {page} of {data.pages}
          </span>
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={page >= data.pages} onClick={() => setPage(page + 1)}>
            Older entries
          </button>
        </nav>
      )}
    </section>
  );
}
