import { useAppSelector, useServerData } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { formatDateTime } from '../../ui/clinicTime';
import { departmentName } from '../../ui/departments';
import { approveProfileChange, fetchProfileChanges, rejectProfileChange, selectProfileChanges } from './adminSlice';
import { ReasonAction } from './ReasonAction';
import type { PendingProfileChange } from '../../../shared/account';
import type { AdminUser } from './types';
import { useAdminAction } from './useAdminAction';

/** The fields a change can touch: how each is read now and as asked for. */
const fields = [
  { key: 'name', now: (u: AdminUser) => u.name, show: (v: string) => v },
  { key: 'specialization', now: (u: AdminUser) => u.specialization, show: departmentName },
  { key: 'licence', now: (u: AdminUser) => u.licenseNumber, show: (v: string) => v },
  { key: 'pharmacyLicence', now: (u: AdminUser) => u.pharmacyLicenseNumber, show: (v: string) => v },
] as const;
const asked = (change: PendingProfileChange, key: (typeof fields)[number]['key']) =>
  ({ name: change.name, specialization: change.specialization, licence: change.licenseNumber, pharmacyLicence: change.pharmacyLicenseNumber })[key];

/**
 * Approved doctors' and pharmacists' changes of name, department or licence number: each beside the
 * values they are listed under now, approved or rejected with a reason.
 */
export function ProfileChangesTab() {
  const reload = useServerData(fetchProfileChanges);
  const { data: items, error } = useAppSelector(selectProfileChanges);
  const action = useAdminAction(reload);
  const { t } = useTranslation('admin');

  return (
    <section aria-labelledby="admin-changes-title">
      <h2 id="admin-changes-title" className="h4">
        {t('changes.title')}
      </h2>
      <p className="text-muted">{t('changes.intro')}</p>
      <SuccessAlert message={action.message} focus />
      <ErrorAlert message={action.error} focus />
      <ErrorAlert message={error} />
      {items === null && <Spinner label={t('changes.loading')} />}
      {items?.length === 0 && <p>{t('changes.empty')}</p>}
      <ul className="list-unstyled">
        {items?.map(({ user, change }) => (
          <li key={user._id} className="card mb-3">
            <div className="card-body">
              <h3 className="h5 card-title">
                {user.name} <span className="badge text-bg-secondary">{t(`roles.${user.role}`, { defaultValue: user.role })}</span>
              </h3>
              <p className="small text-muted mb-2">{t('changes.requested', { date: formatDateTime(change.requestedAt) })}</p>
              <table className="table table-sm small">
                <thead>
                  <tr>
                    <th scope="col">{t('changes.field')}</th>
                    <th scope="col">{t('changes.now')}</th>
                    <th scope="col">{t('changes.asked')}</th>
                  </tr>
                </thead>
                <tbody>
                  {fields
                    .filter((field) => asked(change, field.key) !== undefined)
                    .map((field) => (
                      <tr key={field.key}>
                        <th scope="row">{t(`changes.${field.key}`)}</th>
                        <td dir="auto">{field.show(field.now(user)) || '—'}</td>
                        <td dir="auto">{field.show(asked(change, field.key) as string)}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
              <div className="d-flex flex-wrap gap-2 align-items-start">
                <button type="button" className="btn btn-sm btn-success" onClick={() => void action.run(approveProfileChange(user._id))}>
                  {t('changes.approve', { name: user.name })}
                </button>
                <ReasonAction action="rejectChange" subject={user.name} onConfirm={(reason) => action.run(rejectProfileChange({ id: user._id, reason }))} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
