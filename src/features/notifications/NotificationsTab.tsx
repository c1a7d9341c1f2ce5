import { useEffect, useState } from 'react';
import { http, messageOf } from '../../api/http';
import { useTranslation } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import './texts';

interface Preference {
  event: string;
  label: string;
  email: boolean;
}

/**
 * Settings → Notifications: for each event of her role, whether it also comes by email. Every
 * notification is in the bell anyway. The choice shows as saved only once the server confirmed it.
 */
export default function NotificationsTab() {
  const { t } = useTranslation('notifications');
  const [preferences, setPreferences] = useState<Preference[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    http
      .get<{ preferences: Preference[] }>('notifications/preferences')
      .then(({ data }) => live && setPreferences(data.preferences))
      .catch((e: unknown) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, []);

  async function choose(event: string, email: boolean) {
    setSaving(event);
    setSaved(null);
    setError(null);
    try {
      const { data } = await http.patch<{ message: string; preferences: Preference[] }>('notifications/preferences', { preferences: { [event]: email } });
      setPreferences(data.preferences);
      setSaved(data.message);
    } catch (e) {
      setError(messageOf(e));
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
              {t('tab.byEmail', { label: p.label })}
            </label>
          </li>
        ))}
      </ul>
    </>
  );
}
