import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { linkToken } from './linkToken';
import { verifyEmail } from './thunks';

/** Where a verification or new-email link lands: the link is checked once, on arrival. */
export default function VerifyEmailPage() {
  const dispatch = useAppDispatch();
  const token = linkToken(useLocation().hash);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  // A link works once: it must be sent once even when effects run twice (React's strict mode).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setResult({ ok: false, message: 'This page needs the link from the email.' });
      return;
    }
    dispatch(verifyEmail(token))
      .unwrap()
      .then(
        (data) => setResult({ ok: true, message: data.message }),
        (message: unknown) => setResult({ ok: false, message: String(message) }),
      );
  }, [dispatch, token]);

  return (
    <>
      <PageBanner title="Verify your email" />
      <div className="container py-5">
        <div className="card shadow-sm border-0 auth-card auth-card--narrow">
          <div className="card-body p-4 p-md-5 text-center">
            {!result && <Spinner label="Checking the link…" />}
            {result?.ok && <SuccessAlert message={result.message} />}
            {result && !result.ok && <ErrorAlert message={result.message} />}
            {result && (
              <Link className="btn btn-primary" to="/">
                Continue to the portal
              </Link>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
