import { useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector, useServerData } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { formatDateTime } from '../../ui/clinicTime';
import { departmentName } from '../../ui/departments';
import { useTranslation } from '../../i18n';
import { approveProfessional, fetchProfessionals, openLicenseDocument, rejectProfessional, selectProfessionals } from './adminSlice';
import { Pager } from './Pager';
import { ReasonAction } from './ReasonAction';
import { useAdminAction } from './useAdminAction';
import { Field } from '../../ui/Field';
import { useDoctorTitle } from '../../ui/DoctorName';

const statuses = ['pending', 'rejected', 'approved'] as const;

/** Doctors' and pharmacists' applications: the licence, its document, approve or reject with a reason. */
export function ApplicationsTab() {
  const [status, setStatus] = useState<(typeof statuses)[number]>('pending');
  const [page, setPage] = useState(1);
  const reload = useServerData(
    fetchProfessionals,
    useMemo(() => ({ status, page }), [status, page]),
  );
  const { data, error } = useAppSelector(selectProfessionals);
  const items = data?.items ?? null;
  const action = useAdminAction(reload);
  const dispatch = useAppDispatch();
  const [docError, setDocError] = useState<string | null>(null);
  const { t } = useTranslation('admin');
  const titled = useDoctorTitle();

  return (
    <section aria-labelledby="admin-applications-title">
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-3">
        <h2 id="admin-applications-title" className="h4 mb-0">
          {t('applications.title')}
        </h2>
        <Field id="admin-applications-status" labelClassName="form-label small mb-1" label={t('applications.filter')}>
          <select
            id="admin-applications-status"
            className="form-select form-select-sm"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setPage(1);
            }}
          >
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <SuccessAlert message={action.message} focus />
      <ErrorAlert message={action.error} focus />
      <ErrorAlert message={error ?? docError} />
      {items === null && <Spinner label={t('applications.loading')} />}
      {items?.length === 0 && <p>{t(`applications.empty.${status}`)}</p>}
      <ul className="list-unstyled">
        {items?.map((p) => {
          const name = p.role === 'doctor' ? titled(p.name) : p.name;
          // The server refuses to approve without them; the console says why before anyone tries.
          const missingLicence = !p.licenseNumber || !p.hasLicenseDocument || (p.role === 'pharmacist' && !p.pharmacyLicenseNumber);
          return (
            <li key={p._id} className="card mb-3">
              <div className="card-body">
                <h3 className="h5 card-title">
                  {name} <span className="badge text-bg-secondary">{t(`roles.${p.role}`, { defaultValue: p.role })}</span>
                </h3>
                <dl className="row small mb-2">
                  <dt className="col-sm-4">{t('applications.email')}</dt>
                  <dd className="col-sm-8">{p.email}</dd>
                  <dt className="col-sm-4">{t('applications.licence')}</dt>
                  <dd className="col-sm-8">{p.licenseNumber || <span className="text-danger">{t('applications.missing')}</span>}</dd>
                  {p.role === 'pharmacist' && (
                    <>
                      <dt className="col-sm-4">{t('applications.pharmacy')}</dt>
                      <dd className="col-sm-8">{t('applications.pharmacyLicence', { pharmacy: p.pharmacyName, licence: p.pharmacyLicenseNumber || '—' })}</dd>
                    </>
                  )}
                  {p.role === 'doctor' && (
                    <>
                      <dt className="col-sm-4">{t('applications.specialization')}</dt>
                      <dd className="col-sm-8">{departmentName(p.specialization)}</dd>
                    </>
                  )}
                  <dt className="col-sm-4">{t('applications.applied')}</dt>
                  <dd className="col-sm-8">{formatDateTime(p.created_at)}</dd>
                  {p.statusReason && (
                    <>
                      <dt className="col-sm-4">{t('applications.reasonGiven')}</dt>
                      <dd className="col-sm-8">{p.statusReason}</dd>
                    </>
                  )}
                </dl>
                <div className="d-flex flex-wrap gap-2 align-items-start">
                  {p.hasLicenseDocument ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      onClick={() =>
                        void dispatch(openLicenseDocument(p._id))
                          .unwrap()
                          .catch(() => setDocError(t('applications.documentFailed')))
                      }
                    >
                      {t('applications.openDocument', { name })}
                    </button>
                  ) : (
                    <span className="small text-danger">{t('applications.noDocument')}</span>
                  )}
                  {p.status !== 'approved' && (
                    <button
                      type="button"
                      className="btn btn-sm btn-success"
                      disabled={missingLicence}
                      aria-describedby={missingLicence ? `licence-missing-${p._id}` : undefined}
                      onClick={() => void action.run(approveProfessional(p._id))}
                    >
                      {t('applications.approve', { name })}
                    </button>
                  )}
                  {p.status === 'pending' && (
                    <ReasonAction action="reject" subject={name} onConfirm={(reason) => action.run(rejectProfessional({ id: p._id, reason }))} />
                  )}
                </div>
                {p.status !== 'approved' && missingLicence && (
                  <p id={`licence-missing-${p._id}`} className="small text-danger mt-2 mb-0">
                    {t('applications.cannotApprove')}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <Pager page={page} pages={data?.pages ?? 1} label={t('applications.pages')} onPage={setPage} />
    </section>
  );
}
