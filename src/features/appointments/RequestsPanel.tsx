import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { AnswerRequestModal } from './AnswerRequestModal';
import { preferredWhen, requestedWith, statusLabels } from './requestFormat';
import { fetchRequests, selectRequests, selectRequestsError, selectRequestsStatus } from './requestsSlice';
import type { AppointmentRequest } from './types';
import { Section } from '../../ui/Section';

/** Requests for a doctor (or all, for an administrator): accept into a free slot or decline with a reason. */
export function RequestsPanel() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('appointments');
  const requests = useAppSelector(selectRequests);
  const status = useAppSelector(selectRequestsStatus);
  const error = useAppSelector(selectRequestsError);
  const [answering, setAnswering] = useState<{ request: AppointmentRequest; action: 'accept' | 'decline' } | null>(null);
  const close = useCallback(() => setAnswering(null), []);

  useEffect(() => {
    void dispatch(fetchRequests());
  }, [dispatch]);

  return (
    <Section className="mt-4" titleId="requests-title" level="h3" titleClassName="h5" title={t('requests.title')}>
      <ErrorAlert message={status === 'failed' ? error : null} />
      {status === 'loading' && requests.length === 0 ? (
        <Spinner label={t('requests.loading')} />
      ) : requests.length === 0 && status === 'succeeded' ? (
        <EmptyState message={t('requests.none')} />
      ) : (
        <ul className="list-group">
          {requests.map((r) => (
            <li key={r._id} className="list-group-item">
              <div className="d-flex justify-content-between flex-wrap gap-2">
                <span className="fw-semibold">
                  <bdi>{r.name}</bdi>
                  {!r.hasAccount && <span className="text-muted fw-normal">{t('requests.guest')}</span>}
                </span>
                <span className={`badge ${statusLabels[r.status].tone}`}>{statusLabels[r.status].text()}</span>
              </div>
              <div className="small">
                {requestedWith(r)}
                {t('requests.asksFor', { when: preferredWhen(r) })}
                <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`}>{r.phone}</a>
              </div>
              {r.reason && (
                <div className="small text-muted" dir="auto">
                  “{r.reason}”
                </div>
              )}
              {r.status === 'declined' && <div className="small">{t('requests.declined', { reason: r.declineReason })}</div>}
              {r.status === 'pending' && (
                <div className="d-flex gap-2 mt-2">
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    aria-label={t('answer.acceptTitle', { name: r.name })}
                    onClick={() => setAnswering({ request: r, action: 'accept' })}
                  >
                    {t('requests.accept')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    aria-label={t('answer.declineTitle', { name: r.name })}
                    onClick={() => setAnswering({ request: r, action: 'decline' })}
                  >
                    {t('requests.decline')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {answering && <AnswerRequestModal request={answering.request} action={answering.action} onClose={close} />}
    </Section>
  );
}
