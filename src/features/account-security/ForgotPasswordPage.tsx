import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { useTranslation } from '../../i18n';
import { PageBanner } from '../../ui/PageBanner';
import './texts';
import { forgotPassword } from './thunks';

/** "Forgot password?": asks for a reset link. The answer is the same whether or not the email has an account. */
export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('security');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      setSent((await dispatch(forgotPassword({ email })).unwrap()).message);
    } catch (message) {
      setError(String(message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageBanner title={t('forgot.title')} />
      <div className="container py-5">
        <div className="card shadow-sm border-0 auth-card auth-card--narrow">
          <div className="card-body p-4 p-md-5">
            <h2 className="h4 mb-1">{t('forgot.heading')}</h2>
            <p className="text-muted mb-4">{t('forgot.intro')}</p>
            <ErrorAlert message={error} />
            <SuccessAlert message={sent} />
            {!sent && (
              <Form onSubmit={onSubmit} noValidate>
                <Form.Group className="mb-4" controlId="forgot-email">
                  <Form.Label>{t('forgot.email')}</Form.Label>
                  <Form.Control type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
                </Form.Group>
                <button type="submit" className="btn btn-primary w-100" disabled={busy}>
                  {busy ? t('forgot.sending') : t('forgot.send')}
                </button>
              </Form>
            )}
            <p className="mt-4 mb-0 text-center">
              <Link to="/account/login">{t('forgot.back')}</Link>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}
