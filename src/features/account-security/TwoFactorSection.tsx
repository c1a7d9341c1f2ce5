import { useEffect, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useAppDispatch } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { disableTwoFactor, enableTwoFactor, fetchTwoFactor, regenerateRecoveryCodes, setupTwoFactor, type TwoFactorSetup, type TwoFactorStatus } from './thunks';

/** Two-factor sign-in in settings: set up with a QR code and a first code, recovery codes, turn off. */
export function TwoFactorSection() {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () =>
    dispatch(fetchTwoFactor())
      .unwrap()
      .then(setStatus, (message: unknown) => setError(String(message)));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once on arrival
  }, []);

  /** Runs one action with the busy flag and the alerts. */
  const run = async (action: () => Promise<void>) => {
    setError(null);
    setSuccess(null);
    setBusy(true);
    try {
      await action();
    } catch (message) {
      setError(String(message));
    } finally {
      setBusy(false);
    }
  };

  const onSetup = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setSetup(await dispatch(setupTwoFactor({ currentPassword: password })).unwrap());
      setPassword('');
    });
  };
  const onEnable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await dispatch(enableTwoFactor(code)).unwrap();
      setSuccess(answer.message);
      setCodes(answer.recoveryCodes);
      setSetup(null);
      setCode('');
      await load();
    });
  };
  const onNewCodes = () =>
    run(async () => {
      const answer = await dispatch(regenerateRecoveryCodes({ currentPassword: password })).unwrap();
      setSuccess(answer.message);
      setCodes(answer.recoveryCodes);
      setPassword('');
      await load();
    });
  const onDisable = () =>
    run(async () => {
      setSuccess((await dispatch(disableTwoFactor(password)).unwrap()).message);
      setCodes(null);
      setPassword('');
      await load();
    });

  const passwordField = (
    <Form.Group className="mb-3" controlId="two-factor-password">
      <Form.Label>Current password</Form.Label>
      <Form.Control type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
    </Form.Group>
  );

  return (
    <section aria-labelledby="two-factor-title" className="mb-5">
      <h2 id="two-factor-title" className="h5">
        Two-factor sign-in
      </h2>
      <p className="text-muted">After your password, sign-in asks for a code from an authenticator app on your phone.</p>
      <ErrorAlert message={error} />
      <SuccessAlert message={success} />
      {codes && (
        <div className="mb-4">
          <h3 className="h6">Your recovery codes</h3>
          <p className="small text-muted mb-2">Each works once if you lose your phone. They are shown only now: print them or keep them in a password manager.</p>
          <ul className="recovery-codes list-unstyled font-monospace row row-cols-2 g-1" aria-label="Recovery codes">
            {codes.map((c) => (
              <li key={c} className="col">
                {c}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!status ? (
        !error && <Spinner />
      ) : status.enabled ? (
        <>
          <p>
            <strong>Two-factor sign-in is on.</strong> {status.recoveryCodesLeft} recovery code{status.recoveryCodesLeft === 1 ? '' : 's'} left.
          </p>
          {passwordField}
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={() => void onNewCodes()}>
              Make new recovery codes
            </button>
            {!status.required && (
              <button type="button" className="btn btn-outline-danger" disabled={busy} onClick={() => void onDisable()}>
                Turn off two-factor sign-in
              </button>
            )}
          </div>
          {status.required && <p className="small text-muted mt-2">Your role must keep two-factor sign-in on.</p>}
        </>
      ) : setup ? (
        <Form onSubmit={onEnable} noValidate>
          <ol className="ps-3">
            <li>Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…).</li>
            <li>Type the 6-digit code it shows.</li>
          </ol>
          <img src={setup.qr} alt="QR code to add this account to an authenticator app" width={220} height={220} className="mb-2 border" />
          <p className="small">
            Cannot scan? Enter this key in the app: <code className="user-select-all">{setup.secret}</code>
          </p>
          <Form.Group className="mb-3" controlId="two-factor-code">
            <Form.Label>Code from the app</Form.Label>
            <Form.Control type="text" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          </Form.Group>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Turn on two-factor sign-in
          </button>
        </Form>
      ) : (
        <Form onSubmit={onSetup} noValidate>
          {status.required && <p className="text-warning-emphasis">Your role must use two-factor sign-in.</p>}
          {passwordField}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Set up two-factor sign-in
          </button>
        </Form>
      )}
    </section>
  );
}
