import { useState } from 'react';
import { useAppDispatch, useAppSelector, useServerData } from '../../app/hooks';
import { rejectionMessage } from '../../app/serverThunk';
import { useTranslation } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { fetchNotificationPreferences, saveNotificationPreference, selectNotificationPreferences } from './notificationsSlice';
import './texts';

/**
 * Settings → Notifications: for each event of her role, whether it also comes by email. Every
 * notification is in the bell anyway. The choice shows as saved only once the server confirmed it.
 */
export default function NotificationsTab() {
  const { t } = useTranslation('notifications');
  const dispatch = useAppDispatch();
  useServerData(fetchNotificationPreferences);
  const { data: preferences, error: loadError } = useAppSelector(selectNotificationPreferences);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const error = saveError ?? loadError;

  async function choose(event: string, email: boolean) {
    setSaving(event);
    setSaved(null);
    setSaveError(null);
    try {
      const { message } = await dispatch(saveNotificationPreference({ event, email })).unwrap();
      setSaved(message);
    } catch (e) {
      setSaveError(rejectionMessage(e));
    } finally {
      setSaving(null);
    }
  }

  if (!preferences && !error) return <Spinner />;
  return (
    <>
      <h2 className="h5">{t('tab.title')}</h2>
      <p className="text-muted">{t('tab.intro')}</p>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {saved && (
        <div className="alert alert-success" role="status">
          {saved}
        </div>
      )}
      <ul className="list-unstyled mb-0">
        {preferences?.map((p) => (
          <li key={p.event} className="form-check form-switch mb-2">
            <input
              className="form-check-input"
              type="checkbox"
              role="switch"
              id={`notify-email-${p.event}`}
              checked={p.email}
              disabled={saving === p.event}
              onChange={(e) => void choose(p.event, e.target.checked)}
            />
            <label className="form-check-label" htmlFor={`notify-email-${p.event}`}>
              {t('tab.byEmail', { label: t(`events.${p.event}`, { defaultValue: p.label }) })}
            </label>
          </li>
        ))}
      </ul>
    </>
  );
}
