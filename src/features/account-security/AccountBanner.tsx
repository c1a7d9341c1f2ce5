import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn, selectSecurity } from '../session/sessionSlice';
import { resendVerification } from './thunks';

/**
 * Under the navbar for a signed-in account: asks to verify the email (and says what waits for it
 * when the clinic requires it), and sends a role that must use two-factor sign-in to set it up.
 */
export default function AccountBanner() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const security = useAppSelector(selectSecurity);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!loggedIn || !security) return null;
  const mustSetUp = security.twoFactorRequired && !security.twoFactor;
  if (security.emailVerified && !mustSetUp) return null;

  const resend = async () => {
    setBusy(true);
    try {
      setNote({ ok: true, text: (await dispatch(resendVerification({})).unwrap()).message });
    } catch (message) {
      setNote({ ok: false, text: String(message) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="account-banner">
      {mustSetUp && (
        <div className="alert alert-warning rounded-0 mb-0 py-2 text-center" role="region" aria-label="Two-factor sign-in">
          Your role must use two-factor sign-in before you can continue.{' '}
          <Link to="/settings/security" className="alert-link">
            Turn on two-factor sign-in
          </Link>
        </div>
      )}
      {!security.emailVerified && (
        <div className="alert alert-info rounded-0 mb-0 py-2 text-center" role="region" aria-label="Email verification">
          Please verify your email address: follow the link we emailed you
          {security.verifiedEmailRequired ? ' (booking, buying and chatting wait for it)' : ''}.{' '}
          <button type="button" className="btn btn-link alert-link p-0 align-baseline" onClick={resend} disabled={busy}>
            Send the link again
          </button>
          {note && (
            <span className={`ms-2 ${note.ok ? '' : 'text-danger'}`} role="status">
              {note.text}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
