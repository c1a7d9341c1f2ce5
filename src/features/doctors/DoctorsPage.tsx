import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { departments } from '../../ui/departments';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { DoctorListCard } from './DoctorListCard';
import './doctors.css';
import { fetchDoctors, selectDoctorList, selectListError, selectListPages, selectListStatus, selectListTimeZone, selectListTotal } from './doctorsSlice';
import { paramsFromSearch, searchFromParams, sortLabels } from './searchParams';
import type { DoctorSearch, DoctorSort } from './types';

/**
 * Find a doctor: one search box (name or department, typos forgiven), the department buttons,
 * gender and sort. The search lives in the address, so reload, Back and shared links keep it.
 */
export default function DoctorsPage() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchFromParams(params), [params]);
  const doctors = useAppSelector(selectDoctorList);
  const total = useAppSelector(selectListTotal);
  const pages = useAppSelector(selectListPages);
  const timeZone = useAppSelector(selectListTimeZone);
  const status = useAppSelector(selectListStatus);
  const error = useAppSelector(selectListError);
  const [typed, setTyped] = useState(search.q);

  useEffect(() => {
    void dispatch(fetchDoctors(search));
  }, [dispatch, search]);

  // Back and Forward change the address: the box follows it.
  useEffect(() => setTyped(search.q), [search.q]);

  /** Every change is a new history entry and starts again at page 1 unless it is a page change. */
  const go = (change: Partial<DoctorSearch>) => setParams(paramsFromSearch({ ...search, page: 1, ...change }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: typed.trim() });
  };
  const loading = status === 'loading' || status === 'idle';
  const department = search.specialization || null;

  return (
    <>
      <PageBanner title="Find a doctor" />
      <div className="container py-5">
        <form role="search" className="doctor-search mb-3" onSubmit={onSubmit} aria-label="Doctors">
          <label htmlFor="doctor-search-q" className="form-label fw-semibold">
            Search by name or specialty
          </label>
          <div className="input-group">
            <input
              id="doctor-search-q"
              type="search"
              className="form-control"
              placeholder="e.g. Ahmed Hassan or cardiology"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              maxLength={100}
            />
            <button type="submit" className="btn btn-primary">
              Search
            </button>
          </div>
        </form>
        <div className="department-filter mb-3" role="group" aria-label="Departments">
          {[null, ...departments].map((choice) => {
            const active = department === choice;
            return (
              <button
                key={choice ?? 'all'}
                type="button"
                className={`btn btn-sm ${active ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={active}
                onClick={() => go({ specialization: choice ?? '' })}
              >
                {choice ?? 'All'}
              </button>
            );
          })}
        </div>
        <div className="d-flex flex-wrap gap-3 align-items-end mb-4">
          <Form.Group controlId="doctor-search-gender">
            <Form.Label className="small mb-1">Gender</Form.Label>
            <Form.Select size="sm" value={search.gender} onChange={(e) => go({ gender: e.target.value as DoctorSearch['gender'] })}>
              <option value="">Any</option>
              <option value="female">Female</option>
              <option value="male">Male</option>
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="doctor-search-sort">
            <Form.Label className="small mb-1">Sort by</Form.Label>
            <Form.Select size="sm" value={search.sort} onChange={(e) => go({ sort: e.target.value as DoctorSort })}>
              {Object.entries(sortLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <p className="small text-muted mb-1 ms-auto" aria-live="polite">
            {status === 'succeeded' ? `${total} ${total === 1 ? 'doctor' : 'doctors'} found` : ''}
          </p>
        </div>
        <ErrorAlert message={status === 'failed' ? error : null} />
        {loading ? (
          <Spinner label="Loading doctors…" />
        ) : status === 'succeeded' && doctors.length === 0 ? (
          <EmptyState message={search.q ? `No doctor matches “${search.q}”.` : 'There is no doctor with this specialization yet!'}>
            <button type="button" className="btn btn-link" onClick={() => setParams(new URLSearchParams())}>
              Get All doctors.
            </button>
          </EmptyState>
        ) : (
          <ul className="row g-4 list-unstyled" aria-label={department ? `${department} doctors` : 'All doctors'}>
            {doctors.map((doctor) => (
              <li key={doctor._id} className="col-sm-6 col-lg-4 col-xl-3">
                <DoctorListCard doctor={doctor} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
        {status === 'succeeded' && pages > 1 && (
          <nav aria-label="Result pages" className="d-flex justify-content-center align-items-center gap-3 mt-4">
            <button type="button" className="btn btn-outline-primary btn-sm" disabled={search.page <= 1} onClick={() => go({ page: search.page - 1 })}>
              Previous page
            </button>
            <span className="small">
              Page {search.page} of {pages}
            </span>
            <button type="button" className="btn btn-outline-primary btn-sm" disabled={search.page >= pages} onClick={() => go({ page: search.page + 1 })}>
              Next page
            </button>
          </nav>
        )}
      </div>
    </>
  );
}
