import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { endOtherSessions, endSession, fetchSessions, type SessionInfo } from './thunks';

/** A short name for a browser's user agent, enough to tell one's devices apart. */
function deviceName(agent: string): string {
  if (!agent) return 'Unknown device';
  const browser = /Edg\//.test(agent) ? 'Edge' : /Firefox\//.test(agent) ? 'Firefox' : /Chrom(e|ium)\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : 'A browser';
  const system = /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Windows/.test(agent) ? 'Windows' : /Mac OS X/.test(agent) ? 'macOS' : /Linux/.test(agent) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** The signed-in sessions, with "sign out" per session and everywhere else. */
export function SessionsSection() {
  const dispatch = useAppDispatch();
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
        Where you are signed in
      </h2>
      <ErrorAlert message={error} />
      <SuccessAlert message={success} />
      {!sessions ? (
        !error && <Spinner />
      ) : (
        <>
          <ul className="list-group mb-3">
            {sessions.map((s) => (
              <li key={s.id} className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
                <div>
                  <strong>{deviceName(s.device)}</strong> {s.current && <span className="badge text-bg-success ms-1">This device</span>}
                  <div className="small text-muted">
                    Signed in {when(s.created_at)}
                    {s.ip ? ` from ${s.ip}` : ''}
                  </div>
                </div>
                {!s.current && (
                  <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void act(() => dispatch(endSession(s.id)).unwrap())}>
                    Sign out <span className="visually-hidden">{deviceName(s.device)} signed in {when(s.created_at)}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-outline-danger" disabled={others.length === 0} onClick={() => void act(() => dispatch(endOtherSessions({})).unwrap())}>
            Sign out everywhere else
          </button>
        </>
      )}
    </section>
  );
}
