import { useTranslation } from '../../i18n';
import { departmentName } from '../../ui/departments';
import { formatDateTime } from '../../ui/clinicTime';
import type { PendingProfileChange } from '../session';

/**
 * A professional's change of name, department or licence number waits for the clinic: the settings
 * say so, and what was asked for, since the rest of the portal keeps showing the approved values.
 */
export function PendingChangeNotice({ change }: { change: PendingProfileChange | null | undefined }) {
  const { t } = useTranslation('settings');
  if (!change) return null;
  const asked = [
    change.name !== undefined && t('profile.pending.name', { value: change.name }),
    change.specialization !== undefined && t('profile.pending.specialization', { value: departmentName(change.specialization) }),
    change.licenseNumber !== undefined && t('profile.pending.licence', { value: change.licenseNumber }),
    change.pharmacyLicenseNumber !== undefined && t('profile.pending.pharmacyLicence', { value: change.pharmacyLicenseNumber }),
  ].filter((line): line is string => Boolean(line));
  return (
    <div className="alert alert-info" role="status">
      <p className="mb-1">{t('profile.pending.intro', { date: formatDateTime(change.requestedAt) })}</p>
      <ul className="mb-0">
        {asked.map((line) => (
          <li key={line} dir="auto">
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}
