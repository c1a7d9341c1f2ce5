import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { formatDateTime, formatNumber } from '../../ui/clinicTime';
import { useTranslation } from '../../i18n';
import { fetchAccessLog, selectHistory, selectHistoryState } from './historySlice';
import type { AccessEntry } from './types';
import { Switch } from '../../ui/Switch';
import { useDoctorTitle } from '../../ui/DoctorName';

/** "Added a diagnosis", from the change (history:log.changes) and the section (history:log.targets). */
function whatHappened(entry: AccessEntry, t: TFunction<'history'>): string {
  if (entry.action === 'read') return entry.target === 'access-log' ? t('log.askedList') : t('log.openedRecord');
  return t('log.change', {
    change: t(`log.changes.${entry.action}`, { defaultValue: entry.action }),
    section: t(`log.targets.${entry.target}`, { defaultValue: entry.target }),
  });
}

/** The owner's view of everyone who opened or changed her record, newest first. */
export function AccessLogPanel({ patientId }: { patientId: string }) {
  const dispatch = useAppDispatch();
  const { log, logPage, logPages, guestRefusals, logStatus, logError } = useAppSelector(selectHistoryState);
  const history = useAppSelector(selectHistory);
  const [showOwn, setShowOwn] = useState(false);
  const { t } = useTranslation('history');
  const titled = useDoctorTitle();

  // Every reload of the record (after an add or a remove too) is itself a new log entry.
  useEffect(() => {
    if (history) void dispatch(fetchAccessLog({ patientId }));
  }, [dispatch, patientId, history]);

  const shown = showOwn ? log : log.filter((e) => e.actor._id !== patientId);

  return (
    <section className="card history-section history-log mb-4" aria-labelledby="history-log-title">
      <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id="history-log-title" className="h5 mb-0">
          {t('log.title')}
        </h2>
        <Switch className="mb-0" id="history-log-own" checked={showOwn} onChange={setShowOwn} label={t('log.showOwn')} />
      </div>
      <p className="card-body small text-muted mb-0 pb-0">{t('log.intro')}</p>
      {logStatus === 'loading' && log.length === 0 && <Spinner label={t('log.loading')} />}
      <ErrorAlert message={logStatus === 'failed' ? (logError ?? t('log.failed')) : null} className="m-3" />
      {logStatus === 'succeeded' && shown.length === 0 && <p className="card-body mb-0">{t('log.empty')}</p>}
      {shown.length > 0 && (
        // On a phone the rows stack into cards, kept off the panel's edges.
        <div className="table-responsive px-2 px-sm-0">
          <table className="table table-sm align-middle mb-0 table-stack">
            <thead>
              <tr>
                <th scope="col">{t('log.when')}</th>
                <th scope="col">{t('log.who')}</th>
                <th scope="col">{t('log.role')}</th>
                <th scope="col">{t('log.what')}</th>
                <th scope="col">{t('log.outcome')}</th>
                <th scope="col">{t('log.why')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => (
                <tr key={entry._id}>
                  <td data-label={t('log.when')}>
                    <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                  </td>
                  <td data-label={t('log.who')}>
                    {entry.actor._id === patientId
                      ? t('log.you')
                      : entry.actor.name
                        ? entry.actor.role === 'doctor'
                          ? titled(entry.actor.name)
                          : entry.actor.name
                        : t('log.anonymous')}
                  </td>
                  <td data-label={t('log.role')}>{t(`log.roles.${entry.actor.role}`, { defaultValue: entry.actor.role })}</td>
                  <td data-label={t('log.what')}>{whatHappened(entry, t)}</td>
                  <td data-label={t('log.outcome')}>
                    {entry.outcome === 'allowed' ? (
                      <span className="badge text-bg-success">{t('log.allowed')}</span>
                    ) : (
                      <span className="badge text-bg-danger">{t('log.refused')}</span>
                    )}
                    {(entry.count ?? 1) > 1 && (
                      <div className="small">
                        {t('log.tries', { count: entry.count, number: formatNumber(entry.count ?? 1) })}{' '}
                        <time dateTime={entry.last_at}>{formatDateTime(entry.last_at ?? entry.created_at)}</time>
                      </div>
                    )}
                  </td>
                  <td className="small" data-label={t('log.why')}>
                    {entry.reason || (entry.outcome === 'denied' ? t('log.noAppointment') : '')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {logPages > 1 && (
        <nav className="card-body d-flex flex-wrap gap-2 align-items-center" aria-label={t('log.pages')}>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={logPage <= 1}
            onClick={() => void dispatch(fetchAccessLog({ patientId, page: logPage - 1 }))}
          >
            {t('log.newer')}
          </button>
          <span>{t('log.page', { page: formatNumber(logPage), pages: formatNumber(logPages) })}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={logPage >= logPages}
            onClick={() => void dispatch(fetchAccessLog({ patientId, page: logPage + 1 }))}
          >
            {t('log.older')}
          </button>
        </nav>
      )}
      {guestRefusals.length > 0 && (
        <div className="card-body pt-0">
          <h3 className="h6">{t('log.guestTitle')}</h3>
          <ul className="small mb-0">
            {guestRefusals.map((r) => (
              <li key={r.address}>
                {t('log.guestAttempts', { count: r.count, number: formatNumber(r.count), address: r.address })}{' '}
                <time dateTime={r.last_at}>{formatDateTime(r.last_at)}</time>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
