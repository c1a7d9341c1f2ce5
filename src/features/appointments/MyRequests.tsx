import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { slotDay, slotTime } from '../../ui/clinicTime';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useTranslation } from '../../i18n';
import { preferredWhen, requestedWith, statusLabels } from './requestFormat';
import { fetchRequests, selectRequests, selectRequestsError, selectRequestsStatus } from './requestsSlice';
import { Section } from '../../ui/Section';
import { DoctorName } from '../../ui/DoctorName';

/** The patient's appointment requests and what became of them, under her appointments. */
export function MyRequests() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('appointments');
  const requests = useAppSelector(selectRequests);
  const status = useAppSelector(selectRequestsStatus);
  const error = useAppSelector(selectRequestsError);

  useEffect(() => {
    void dispatch(fetchRequests());
  }, [dispatch]);

  if (status === 'succeeded' && requests.length === 0) return null;
  return (
    <Section className="mt-4" titleId="my-requests-title" level="h3" titleClassName="h5" title={t('mine.title')}>
      <ErrorAlert message={status === 'failed' ? error : null} />
      <ul className="list-group">
        {requests.map((r) => (
          <li key={r._id} className="list-group-item">
            <div className="d-flex justify-content-between flex-wrap gap-2">
              <span className="fw-semibold">{requestedWith(r)}</span>
              <span className={`badge ${statusLabels[r.status].tone}`}>{statusLabels[r.status].text()}</span>
            </div>
            <div className="small text-muted">{t('mine.asked', { when: preferredWhen(r) })}</div>
            {r.status === 'accepted' && r.appointment && (
              <div className="small">
                {t('mine.reserved')} <DoctorName name={r.appointment.doctor} />{' '}
                {t('mine.reservedWhen', { day: slotDay(r.appointment.date), time: slotTime(r.appointment.time) })}
              </div>
            )}
            {r.status === 'declined' && <div className="small">{t('mine.reason', { reason: r.declineReason })}</div>}
          </li>
        ))}
      </ul>
    </Section>
  );
}
