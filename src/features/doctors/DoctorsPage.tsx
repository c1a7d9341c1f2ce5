import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { departmentName, departments } from '../../ui/departments';
import { useTranslation } from '../../i18n';
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
  const { t } = useTranslation('doctors');

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
      <PageBanner title={t('title')} />
      <div className="container py-5">
        <form role="search" className="doctor-search mb-3" onSubmit={onSubmit} aria-label={t('search.form')}>
          <label htmlFor="doctor-search-q" className="form-label fw-semibold">
            {t('search.label')}
          </label>
          <div className="input-group">
            <input
              id="doctor-search-q"
              type="search"
              className="form-control"
              placeholder={t('search.placeholder')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              maxLength={100}
            />
            <button type="submit" className="btn btn-primary">
              {t('search.submit')}
            </button>
          </div>
        </form>
        <div className="department-filter mb-3" role="group" aria-label={t('departments')}>
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
                {choice ? departmentName(choice) : t('all')}
              </button>
            );
          })}
        </div>
        <div className="d-flex flex-wrap gap-3 align-items-end mb-4">
          <Form.Group controlId="doctor-search-gender">
            <Form.Label className="small mb-1">{t('gender.label')}</Form.Label>
            <Form.Select size="sm" value={search.gender} onChange={(e) => go({ gender: e.target.value as DoctorSearch['gender'] })}>
              <option value="">{t('gender.any')}</option>
              <option value="female">{t('gender.female')}</option>
              <option value="male">{t('gender.male')}</option>
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="doctor-search-sort">
            <Form.Label className="small mb-1">{t('sort.label')}</Form.Label>
            <Form.Select size="sm" value={search.sort} onChange={(e) => go({ sort: e.target.value as DoctorSort })}>
              {Object.keys(sortLabels).map((value) => (
                <option key={value} value={value}>
                  {t(`sort.${value}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <p className="small text-muted mb-1 ms-auto" aria-live="polite">
            {status === 'succeeded' ? t('found', { count: total }) : ''}
          </p>
        </div>
        <ErrorAlert message={status === 'failed' ? error : null} />
        {loading ? (
          <Spinner label={t('loading')} />
        ) : status === 'succeeded' && doctors.length === 0 ? (
          <EmptyState message={search.q ? t('noMatch', { q: search.q }) : t('noneInDepartment')}>
            <button type="button" className="btn btn-link" onClick={() => setParams(new URLSearchParams())}>
              {t('getAll')}
            </button>
          </EmptyState>
        ) : (
          <ul className="row g-4 list-unstyled" aria-label={department ? t('listOf', { department: departmentName(department) }) : t('listAll')}>
            {doctors.map((doctor) => (
              <li key={doctor._id} className="col-sm-6 col-lg-4 col-xl-3">
                <DoctorListCard doctor={doctor} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
        {status === 'succeeded' && pages > 1 && (
          <nav aria-label={t('pages')} className="d-flex justify-content-center align-items-center gap-3 mt-4">
            <button type="button" className="btn btn-outline-primary btn-sm" disabled={search.page <= 1} onClick={() => go({ page: search.page - 1 })}>
              {t('previousPage')}
            </button>
            <span className="small">{t('pageOf', { page: search.page, pages })}</span>
            <button type="button" className="btn btn-outline-primary btn-sm" disabled={search.page >= pages} onClick={() => go({ page: search.page + 1 })}>
              {t('nextPage')}
            </button>
          </nav>
        )}
      </div>
    </>
  );
}
