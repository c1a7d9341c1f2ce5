import { useEffect, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { selectReady } from '../../app/appSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { useTranslation } from '../../i18n';
import { returnPath } from './returnTo';
import { login, loginWithCode, selectIsLoggedIn, selectLoginStatus } from './sessionSlice';
import { AccountSwitch } from './AccountSwitch';

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('auth');
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const status = useAppSelector(selectLoginStatus);
  const sessionChecked = useAppSelector(selectReady);
  // Only a visitor who arrives already signed in is sent away at once; a fresh login waits 0.5 s.
  // A stored session counts only once the startup check confirmed it: one revoked meanwhile (a
  // password reset elsewhere, a logout on another device) is cleared by that check, and she needs the form.
  const [arrival, setArrival] = useState<'pending' | 'signed-in' | 'guest'>(!loggedIn ? 'guest' : sessionChecked ? 'signed-in' : 'pending');
  useEffect(() => {
    if (arrival === 'pending' && sessionChecked) setArrival(loggedIn ? 'signed-in' : 'guest');
  }, [arrival, sessionChecked, loggedIn]);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  /** Set when the password was right and the account uses two-factor sign-in. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');

  if (arrival === 'signed-in') return <Navigate to="/" replace />;
  if (arrival === 'pending') return <Spinner label={t('login.checking')} />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await dispatch(login({ email, password })).unwrap();
      if (result.twoFactor) {
        setChallenge(result.twoFactor.challenge);
        return;
      }
      finish();
    } catch (message) {
      setError(String(message));
    }
  };

  const finish = () => {
    setDone(true);
    window.setTimeout(() => navigate(returnPath(location.state)), 500);
  };

  const onCode = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await dispatch(loginWithCode({ challenge: challenge ?? '', code })).unwrap();
      finish();
    } catch (message) {
      const text = String(message);
      setError(text);
      // An expired step or too many wrong codes: start again from the password.
      if (/log in again/.test(text)) {
        setChallenge(null);
        setCode('');
      }
    }
  };

  return (
    <>
      <PageBanner title={t('login.title')} />
      <div className="container py-5">
        <div className="card shadow-sm border-0 auth-card auth-card--narrow">
          <div className="card-body p-4 p-md-5">
            <h2 className="h4 mb-1">{t('login.welcome')}</h2>
            <p className="text-muted mb-4">{t('login.intro')}</p>
            <ErrorAlert message={error} />
            {done && (
              <p className="text-success" role="status">
                {t('login.done')}
              </p>
            )}
            {challenge ? (
              <Form onSubmit={onCode} noValidate>
                <Form.Group className="mb-4" controlId="login-code">
                  <Form.Label>{t('login.code')}</Form.Label>
                  <Form.Control
                    type="text"
                    inputMode="text"
                    autoComplete="one-time-code"
                    autoFocus
                    value={code}
                    aria-describedby="login-code-help"
                    onChange={(e) => setCode(e.target.value)}
                  />
                  <Form.Text id="login-code-help">{t('login.codeHelp')}</Form.Text>
                </Form.Group>
                <button type="submit" className="btn btn-primary w-100" disabled={status === 'loading' || done}>
                  {status === 'loading' ? t('login.checking') : t('login.verify')}
                </button>
              </Form>
            ) : (
              <>
                <Form onSubmit={onSubmit} noValidate>
                  <Form.Group className="mb-3" controlId="login-email">
                    <Form.Label>{t('login.email')}</Form.Label>
                    <Form.Control type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
                  </Form.Group>
                  <Form.Group className="mb-4" controlId="login-password">
                    <Form.Label>{t('login.password')}</Form.Label>
                    <Form.Control type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
                  </Form.Group>
                  <button type="submit" className="btn btn-primary w-100" disabled={status === 'loading' || done}>
                    {status === 'loading' ? t('login.submitting') : t('login.submit')}
                  </button>
                </Form>
                <p className="mt-3 mb-0 text-end">
                  <Link to="/account/forgot-password">{t('login.forgot')}</Link>
                </p>
              </>
            )}
            <AccountSwitch className="mt-4 mb-0 text-center" question={t('login.newHere')} to="/account/register" linkText={t('login.create')} />
          </div>
        </div>
      </div>
    </>
  );
}
