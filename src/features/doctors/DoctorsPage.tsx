import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { departments } from '../../ui/departments';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { DoctorListCard } from './DoctorListCard';
import './doctors.css';
import { fetchDoctors, selectDepartment, selectDoctorList, selectListError, selectListStatus } from './doctorsSlice';

/** Find a doctor: every doctor, or one department's, chosen with the department buttons. */
export default function DoctorsPage() {
  const dispatch = useAppDispatch();
  const doctors = useAppSelector(selectDoctorList);
  const department = useAppSelector(selectDepartment);
  const status = useAppSelector(selectListStatus);
  const error = useAppSelector(selectListError);

  useEffect(() => {
    void dispatch(fetchDoctors(null));
  }, [dispatch]);

  const show = (choice: string | null) => void dispatch(fetchDoctors(choice));
  const loading = status === 'loading' || status === 'idle';

  return (
    <>
      <PageBanner title="Find a doctor" />
      <div className="container py-5">
        <div className="department-filter mb-4" role="group" aria-label="Departments">
          {[null, ...departments].map((choice) => {
            const active = department === choice;
            return (
              <button
                key={choice ?? 'all'}
                type="button"
                className={`btn btn-sm ${active ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={active}
                onClick={() => show(choice)}
              >
                {choice ?? 'All'}
              </button>
            );
          })}
        </div>
        <ErrorAlert message={status === 'failed' ? error : null} />
        {loading ? (
          <Spinner label="Loading doctors…" />
        ) : status === 'succeeded' && doctors.length === 0 ? (
          <EmptyState message="There is no doctor with this specialization yet!">
            <button type="button" className="btn btn-link" onClick={() => show(null)}>
              Get All doctors.
            </button>
          </EmptyState>
        ) : (
          <ul className="row g-4 list-unstyled" aria-label={department ? `${department} doctors` : 'All doctors'}>
            {doctors.map((doctor) => (
              <li key={doctor._id} className="col-sm-6 col-lg-4 col-xl-3">
                <DoctorListCard doctor={doctor} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
