import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useLocation } from 'react-router-dom';
import { storage } from '../../api/storage';
import { useAppDispatch } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { useTranslation } from '../../i18n';
import { PageBanner } from '../../ui/PageBanner';
import { logout } from '../session';
import { linkToken } from './linkToken';
import './texts';
import { resetPassword } from './thunks';

/** The page a reset link opens: a new password, after which every session has ended. */
export default function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('security');
  const token = linkToken(useLocation().hash);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password !== confirm) {
      setError(t('reset.mismatch'));
      return;
    }
    setBusy(true);
    try {
      const { message } = await dispatch(resetPassword({ token, password })).unwrap();
      // Every session ended on the server, this browser's too.
      if (storage.token()) await dispatch(logout());
      setDone(message);
    } catch (message) {
      setError(String(message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageBanner title={t('reset.title')} />
      <div className="container py-5">
        <div className="card shadow-sm border-0 auth-card auth-card--narrow">
          <div className="card-body p-4 p-md-5">
            {!token ? (
              <ErrorAlert message={t('reset.needsLink')} />
            ) : done ? (
              <>
                <SuccessAlert message={done} />
                <Link className="btn btn-primary w-100" to="/account/login">
                  {t('reset.toLogin')}
                </Link>
              </>
            ) : (
              <Form onSubmit={onSubmit} noValidate>
                <ErrorAlert message={error} />
                <Form.Group className="mb-3" controlId="reset-password">
                  <Form.Label>{t('reset.password')}</Form.Label>
                  <Form.Control
                    type="password"
                    autoComplete="new-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    aria-describedby="reset-password-help"
                  />
                  <Form.Text id="reset-password-help">{t('reset.help')}</Form.Text>
                </Form.Group>
                <Form.Group className="mb-4" controlId="reset-confirm">
                  <Form.Label>{t('reset.confirm')}</Form.Label>
                  <Form.Control type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
                </Form.Group>
                <button type="submit" className="btn btn-primary w-100" disabled={busy}>
                  {busy ? t('reset.saving') : t('reset.save')}
                </button>
              </Form>
            )}
            <p className="mt-4 mb-0 text-center">
              <Link to="/account/forgot-password">{t('reset.newLink')}</Link>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}
