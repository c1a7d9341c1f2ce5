import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { selectIsLoggedIn, selectSecurity } from '../session';
import './texts';
import { resendVerification } from './thunks';

/**
 * Under the navbar for a signed-in account: asks to verify the email (and says what waits for it
 * when the clinic requires it), and sends a role that must use two-factor sign-in to set it up.
 */
export default function AccountBanner() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('security');
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
        <div className="alert alert-warning rounded-0 mb-0 py-2 text-center" role="region" aria-label={t('banner.twoFactor')}>
          {t('banner.mustUse')}{' '}
          <Link to="/settings/security" className="alert-link">
            {t('banner.turnOn')}
          </Link>
        </div>
      )}
      {!security.emailVerified && (
        <div className="alert alert-info rounded-0 mb-0 py-2 text-center" role="region" aria-label={t('banner.email')}>
          {t(security.verifiedEmailRequired ? 'banner.verifyRequired' : 'banner.verify')}{' '}
          <button type="button" className="btn btn-link alert-link p-0 align-baseline" onClick={resend} disabled={busy}>
            {t('banner.resend')}
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
