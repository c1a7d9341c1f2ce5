import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { useTranslation } from '../../i18n';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { linkToken } from './linkToken';
import './texts';
import { verifyEmail } from './thunks';

/** Where a verification or new-email link lands: the link is checked once, on arrival. */
export default function VerifyEmailPage() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('security');
  const token = linkToken(useLocation().hash);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  // A link works once: it must be sent once even when effects run twice (React's strict mode).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    dispatch(verifyEmail(token))
      .unwrap()
      .then(
        (data) => setResult({ ok: true, message: data.message }),
        (message: unknown) => setResult({ ok: false, message: String(message) }),
      );
  }, [dispatch, token]);

  // Without a token there is nothing to send: the page says so in the language being shown.
  const shown = token ? result : { ok: false, message: t('verify.needsLink') };
  return (
    <>
      <PageBanner title={t('verify.title')} />
      <div className="container py-5">
        <div className="card shadow-sm border-0 auth-card auth-card--narrow">
          <div className="card-body p-4 p-md-5 text-center">
            {!shown && <Spinner label={t('verify.checking')} />}
            {shown?.ok && <SuccessAlert message={shown.message} />}
            {shown && !shown.ok && <ErrorAlert message={shown.message} />}
            {shown && (
              <Link className="btn btn-primary" to="/">
                {t('verify.continue')}
              </Link>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
