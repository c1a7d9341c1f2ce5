import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { formatMoment } from './format';
import { fetchAccessLog, selectHistory, selectHistoryState } from './historySlice';
import type { AccessEntry } from './types';

const sectionNames: Record<string, string> = {
  diagnosis: 'a diagnosis',
  lab: 'a laboratory test',
  medicines: 'a medicine',
  continuous_medications: 'a continuous medication',
  surgeries: 'a surgery',
  chronic_disease: 'a chronic disease',
  genetic_disease: 'a genetic disease',
  allergies: 'an allergy',
};

const changeWords: Record<Exclude<AccessEntry['action'], 'read'>, string> = {
  add: 'Added',
  delete: 'Removed',
  restore: 'Restored',
  hide: 'Hid',
  unhide: 'Showed again',
};

function whatHappened(entry: AccessEntry): string {
  if (entry.action === 'read') return entry.target === 'access-log' ? 'Asked to see this list' : 'Opened your record';
  const section = sectionNames[entry.target] ?? entry.target;
  return `${changeWords[entry.action] ?? entry.action} ${section}`;
}

const roleNames: Record<string, string> = { doctor: 'Doctor', patient: 'Patient', pharmacist: 'Pharmacist', admin: 'Administrator', guest: 'Not signed in' };

/** The owner's view of everyone who opened or changed her record, newest first. */
export function AccessLogPanel({ patientId }: { patientId: string }) {
  const dispatch = useAppDispatch();
  const { log, logPage, logPages, guestRefusals, logStatus, logError } = useAppSelector(selectHistoryState);
  const history = useAppSelector(selectHistory);
  const [showOwn, setShowOwn] = useState(false);

  // Every reload of the record (after an add or a remove too) is itself a new log entry.
  useEffect(() => {
    if (history) void dispatch(fetchAccessLog({ patientId }));
  }, [dispatch, patientId, history]);

  const shown = showOwn ? log : log.filter((e) => e.actor._id !== patientId);

  return (
    <section className="card history-section history-log mb-4" aria-labelledby="history-log-title">
      <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id="history-log-title" className="h5 mb-0">
          Who viewed my record
        </h2>
        <div className="form-check form-switch mb-0">
          <input className="form-check-input" type="checkbox" role="switch" id="history-log-own" checked={showOwn} onChange={(e) => setShowOwn(e.target.checked)} />
          <label className="form-check-label" htmlFor="history-log-own">
            Show my own visits
          </label>
        </div>
      </div>
      <p className="card-body small text-muted mb-0 pb-0">
        Every time someone opens or changes your medical history it is recorded here, including attempts that were refused. Only you can see this list.
      </p>
      {logStatus === 'loading' && log.length === 0 && <Spinner label="Loading the access log…" />}
      <ErrorAlert message={logError} className="m-3" />
      {logStatus === 'succeeded' && shown.length === 0 && <p className="card-body mb-0">Nobody else has opened your record yet.</p>}
      {shown.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Role</th>
                <th scope="col">What</th>
                <th scope="col">Outcome</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => (
                <tr key={entry._id}>
                  <td>
                    <time dateTime={entry.created_at}>{formatMoment(entry.created_at)}</time>
                  </td>
                  <td>{entry.actor._id === patientId ? 'You' : entry.actor.name || 'Someone who was not signed in'}</td>
                  <td>{roleNames[entry.actor.role] ?? entry.actor.role}</td>
                  <td>{whatHappened(entry)}</td>
                  <td>
                    {entry.outcome === 'allowed' ? <span className="badge text-bg-success">Allowed</span> : <span className="badge text-bg-danger">Refused</span>}
                  </td>
                  <td className="small">{entry.reason || (entry.outcome === 'denied' ? 'No current appointment with you' : '')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {logPages > 1 && (
        <nav className="card-body d-flex flex-wrap gap-2 align-items-center" aria-label="Access log pages">
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={logPage <= 1} onClick={() => void dispatch(fetchAccessLog({ patientId, page: logPage - 1 }))}>
            Newer entries
          </button>
          <span>
            Page {logPage} of {logPages}
          </span>
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={logPage >= logPages} onClick={() => void dispatch(fetchAccessLog({ patientId, page: logPage + 1 }))}>
            Older entries
          </button>
        </nav>
      )}
      {guestRefusals.length > 0 && (
        <div className="card-body pt-0">
          <h3 className="h6">Refused attempts by people who were not signed in</h3>
          <ul className="small mb-0">
            {guestRefusals.map((r) => (
              <li key={r.address}>
                {r.count} attempt{r.count === 1 ? '' : 's'} from the address {r.address}, last on <time dateTime={r.last_at}>{formatMoment(r.last_at)}</time>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
