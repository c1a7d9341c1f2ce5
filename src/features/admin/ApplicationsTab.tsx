import { useState } from 'react';
import { useList } from '../../api/useList';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { adminApi } from './adminApi';
import { ReasonAction } from './ReasonAction';
import type { AdminUser } from './types';
import { useAdminAction } from './useAdminAction';

const statuses = ['pending', 'rejected', 'approved'] as const;

/** Doctors' and pharmacists' applications: the licence, its document, approve or reject with a reason. */
export function ApplicationsTab() {
  const [status, setStatus] = useState<(typeof statuses)[number]>('pending');
  const { items, error, reload } = useList<AdminUser>(`admin/professionals?status=${status}`, 'professionals');
  const action = useAdminAction(reload);
  const [docError, setDocError] = useState<string | null>(null);

  return (
    <section aria-labelledby="admin-applications-title">
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-3">
        <h2 id="admin-applications-title" className="h4 mb-0">
          Applications
        </h2>
        <div>
          <label className="form-label small mb-1" htmlFor="admin-applications-status">
            Show applications that are
          </label>
          <select id="admin-applications-status" className="form-select form-select-sm" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      <SuccessAlert message={action.message} />
      <ErrorAlert message={action.error ?? error ?? docError} />
      {items === null && <Spinner label="Loading applications…" />}
      {items?.length === 0 && <p>There are no {status} applications.</p>}
      <ul className="list-unstyled">
        {items?.map((p) => (
          <li key={p._id} className="card mb-3">
            <div className="card-body">
              <h3 className="h5 card-title">
                {p.name} <span className="badge text-bg-secondary">{p.role}</span>
              </h3>
              <dl className="row small mb-2">
                <dt className="col-sm-4">Email</dt>
                <dd className="col-sm-8">{p.email}</dd>
                <dt className="col-sm-4">Licence number</dt>
                <dd className="col-sm-8">{p.licenseNumber || '—'}</dd>
                {p.role === 'pharmacist' && (
                  <>
                    <dt className="col-sm-4">Pharmacy</dt>
                    <dd className="col-sm-8">
                      {p.pharmacyName} (licence {p.pharmacyLicenseNumber || '—'})
                    </dd>
                  </>
                )}
                {p.role === 'doctor' && (
                  <>
                    <dt className="col-sm-4">Specialization</dt>
                    <dd className="col-sm-8">{p.specialization}</dd>
                  </>
                )}
                <dt className="col-sm-4">Applied</dt>
                <dd className="col-sm-8">{new Date(p.created_at).toLocaleString()}</dd>
                {p.statusReason && (
                  <>
                    <dt className="col-sm-4">Reason given</dt>
                    <dd className="col-sm-8">{p.statusReason}</dd>
                  </>
                )}
              </dl>
              <div className="d-flex flex-wrap gap-2 align-items-start">
                {p.hasLicenseDocument ? (
                  <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => adminApi.openLicenseDocument(p._id).catch(() => setDocError('The licence document could not be opened'))}>
                    Open the licence document of {p.name}
                  </button>
                ) : (
                  <span className="small text-muted">No licence document uploaded</span>
                )}
                {p.status !== 'approved' && (
                  <button type="button" className="btn btn-sm btn-success" onClick={() => void action.run(() => adminApi.approve(p._id))}>
                    Approve {p.name}
                  </button>
                )}
                {p.status === 'pending' && <ReasonAction label="Reject" subject={p.name} onConfirm={(reason) => action.run(() => adminApi.reject(p._id, reason))} />}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
