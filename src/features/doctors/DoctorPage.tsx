import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { DoctorBackground } from './DoctorBackground';
import { DoctorProfile } from './DoctorProfile';
import './doctors.css';
import { fetchDoctor, selectDoctor, selectDoctorError, selectDoctorStatus } from './doctorsSlice';
import { SlotsTable } from './SlotsTable';
import { WaitlistPanel } from './WaitlistPanel';
import { useTranslation } from '../../i18n';
import { CardSection } from '../../ui/Section';
import { untitledName, useDoctorTitle } from '../../ui/DoctorName';

/** A doctor's profile with rating, background and the slots to reserve. */
export default function DoctorPage() {
  const { t } = useTranslation('doctors');
  const { name = '' } = useParams();
  const dispatch = useAppDispatch();
  const doctor = useAppSelector(selectDoctor);
  const status = useAppSelector(selectDoctorStatus);
  const error = useAppSelector(selectDoctorError);

  useEffect(() => {
    if (name) void dispatch(fetchDoctor(name));
  }, [dispatch, name]);

  // An address from before titles left stored names (/doctor/Dr. Ahmed Hassan) shows the same doctor.
  const current = doctor && untitledName(doctor.name).toLowerCase() === untitledName(name).toLowerCase() ? doctor : null;
  const titled = useDoctorTitle();

  return (
    <>
      <PageBanner title={current ? titled(current.name) : t('page.fallbackTitle')} />
      <div className="container py-5">
        {!current && (status === 'loading' || status === 'idle') ? (
          <Spinner label={t('page.loading')} />
        ) : !current ? (
          <>
            <ErrorAlert message={error} />
            <EmptyState message={t('page.noData')}>
              <Link className="btn btn-outline-primary" to="/doctors">
                {t('page.find')}
              </Link>
            </EmptyState>
          </>
        ) : (
          <div className="row g-4">
            <div className="col-lg-4">
              <DoctorProfile doctor={current} />
            </div>
            <div className="col-lg-8">
              <div className="card border-0 shadow-sm mb-4">
                <div className="card-body p-4">
                  <DoctorBackground doctor={current} />
                </div>
              </div>
              <CardSection className="border-0 shadow-sm" bodyClassName="p-4" titleId="doctor-slots" titleClassName="h5 mb-3" title={t('page.appointments')}>
                <SlotsTable doctor={current} />
              </CardSection>
              <WaitlistPanel doctor={current} />
            </div>
          </div>
        )}
      </div>
    </>
  );
}
