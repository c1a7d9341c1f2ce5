import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { selectUser } from './sessionSlice';
import type { User } from './types';

/** Whether the clinic still lacks part of a professional's licence (an administrator approves only once it has it all). */
export function licenceMissing(user: User): boolean {
  const role = user.roles?.[0];
  return user.licenseNumber === '' || user.hasLicenseDocument === false || (role === 'pharmacist' && user.pharmacyLicenseNumber === '');
}

/**
 * What a doctor or pharmacist sees until an administrator approves the account: they can sign in
 * and edit the profile, but are not listed and cannot publish; a rejection shows its reason.
 */
export function ApprovalNotice() {
  const { t } = useTranslation('auth');
  const user = useAppSelector(selectUser);
  const role = user?.roles?.[0];
  if (!user || (role !== 'doctor' && role !== 'pharmacist') || !user.status || user.status === 'approved') return null;
  return (
    <div className="container mt-3">
      {user.status === 'rejected' ? (
        <div className="alert alert-danger mb-0" role="status">
          <h2 className="h6 mb-1">{t('approval.rejected')}</h2>
          <p className="mb-0">
            {user.statusReason ? `${t('approval.reason', { reason: user.statusReason })} ` : ''}
            {t('approval.contact')}
          </p>
        </div>
      ) : (
        <div className="alert alert-warning mb-0" role="status">
          <h2 className="h6 mb-1">{t('approval.pending')}</h2>
          <p className="mb-0">{t(`approval.pendingText.${role}`)}</p>
          {licenceMissing(user) && (
            <p className="mb-0 mt-2 fw-semibold">
              {t('approval.licenceNeeded')} <Link to="/settings/profile">{t('approval.licenceWhere')}</Link>, {t('approval.licenceWhy')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
