import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { selectIsLoggedIn } from '../session';
import { useTranslation } from '../../i18n';
import { formatDate } from '../../ui/clinicTime';
import { listOf } from '../../ui/lists';
import { statusBadge } from './format';
import { fetchPrescriptions } from './prescriptionsSlice';
import './prescriptions.css';
import './texts';
import { LoginRequired } from '../../ui/LoginRequired';
import { useDoctorTitle } from '../../ui/DoctorName';

/** /prescriptions: the patient's prescriptions, newest first, with their status. */
export default function PrescriptionsPage() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('prescriptions');
  const titled = useDoctorTitle();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { list, listStatus, listError } = useAppSelector((state) => state.prescriptions);

  useEffect(() => {
    if (loggedIn) void dispatch(fetchPrescriptions(undefined));
  }, [dispatch, loggedIn]);

  if (!loggedIn) {
    return <LoginRequired title={t('title')} message={t('mustLogin')} loginText={t('login')} />;
  }

  // The server answers newest first; sorting again keeps the promise whatever the source.
  const sorted = [...list].sort((a, b) => b.issuedAt.localeCompare(a.issuedAt));
  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container py-4">
        <ErrorAlert message={listError} />
        {listStatus === 'loading' && list.length === 0 ? (
          <Spinner label={t('list.loading')} />
        ) : listStatus === 'succeeded' && sorted.length === 0 ? (
          <EmptyState message={t('list.none')} />
        ) : (
          <ul className="list-unstyled rx-list" aria-label={t('list.label')}>
            {sorted.map((rx) => (
              <li key={rx._id} className="card card-body mb-3">
                <div className="d-flex flex-wrap justify-content-between gap-2">
                  <Link to={`/prescriptions/${rx._id}`} className="h5 mb-0">
                    {t('page.named', { code: rx.code })}
                  </Link>
                  <span className={`badge ${statusBadge[rx.status]}`}>{t(`status.${rx.status}`)}</span>
                </div>
                <p className="mb-0 mt-2 text-muted">
                  {t('list.summary', { doctor: titled(rx.doctor.name), date: formatDate(rx.issuedAt), medicines: listOf(rx.lines.map((l) => l.medicine)) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
