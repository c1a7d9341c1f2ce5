import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../ui/clinicTime';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import './texts';
import { endOtherSessions, endSession, fetchSessions, type SessionInfo } from './thunks';

/** A short name for a browser's user agent, enough to tell one's devices apart. */
function deviceName(agent: string, t: TFunction): string {
  if (!agent) return t('sessions.unknownDevice');
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : t('sessions.aBrowser');
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : '';
  return system ? t('sessions.browserOn', { browser, system }) : browser;
}

/** The signed-in sessions, with "sign out" per session and everywhere else. */
export function SessionsSection() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('security');
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const load = () =>
    dispatch(fetchSessions())
      .unwrap()
      .then(setSessions, (message: unknown) => setError(String(message)));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once on arrival
  }, []);

  const act = async (action: () => Promise<{ message: string }>) => {
    setError(null);
    setSuccess(null);
    try {
      setSuccess((await action()).message);
      await load();
    } catch (message) {
      setError(String(message));
    }
  };

  const others = sessions?.filter((s) => !s.current) ?? [];
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="h5">
        {t('sessions.title')}
      </h2>
      <ErrorAlert message={error} />
      <SuccessAlert message={success} />
      {!sessions ? (
        !error && <Spinner />
      ) : (
        <>
          <ul className="list-group mb-3">
            {sessions.map((s) => {
              const device = deviceName(s.device, t);
              const when = formatDateTime(s.created_at);
              return (
                <li key={s.id} className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
                  <div>
                    <strong>{device}</strong> {s.current && <span className="badge text-bg-success ms-1">{t('sessions.thisDevice')}</span>}
                    <div className="small text-muted">{s.ip ? t('sessions.signedInFrom', { when, ip: s.ip }) : t('sessions.signedIn', { when })}</div>
                  </div>
                  {!s.current && (
                    <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void act(() => dispatch(endSession(s.id)).unwrap())}>
                      {t('sessions.signOut')} <span className="visually-hidden">{t('sessions.signOutOf', { device, when })}</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={others.length === 0}
            onClick={() => void act(() => dispatch(endOtherSessions({})).unwrap())}
          >
            {t('sessions.signOutOthers')}
          </button>
        </>
      )}
    </section>
  );
}
