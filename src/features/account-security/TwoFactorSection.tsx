import { useEffect, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useAppDispatch } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import './texts';
import {
  disableTwoFactor,
  enableTwoFactor,
  fetchTwoFactor,
  regenerateRecoveryCodes,
  setupTwoFactor,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from './thunks';

/** Two-factor sign-in in settings: set up with a QR code and a first code, recovery codes, turn off. */
export function TwoFactorSection() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('security');
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
      <Form.Label>{t('twoFactor.password')}</Form.Label>
      <Form.Control type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
    </Form.Group>
  );

  return (
    <section aria-labelledby="two-factor-title" className="mb-5">
      <h2 id="two-factor-title" className="h5">
        {t('twoFactor.title')}
      </h2>
      <p className="text-muted">{t('twoFactor.intro')}</p>
      <ErrorAlert message={error} />
      <SuccessAlert message={success} />
      {codes && (
        <div className="mb-4">
          <h3 className="h6">{t('twoFactor.codesTitle')}</h3>
          <p className="small text-muted mb-2">{t('twoFactor.codesIntro')}</p>
          <ul className="recovery-codes list-unstyled font-monospace row row-cols-2 g-1" aria-label={t('twoFactor.codes')}>
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
            <strong>{t('twoFactor.isOn')}</strong> {t('twoFactor.codesLeft', { count: status.recoveryCodesLeft })}
          </p>
          {passwordField}
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={() => void onNewCodes()}>
              {t('twoFactor.newCodes')}
            </button>
            {!status.required && (
              <button type="button" className="btn btn-outline-danger" disabled={busy} onClick={() => void onDisable()}>
                {t('twoFactor.turnOff')}
              </button>
            )}
          </div>
          {status.required && <p className="small text-muted mt-2">{t('twoFactor.mustKeep')}</p>}
        </>
      ) : setup ? (
        <Form onSubmit={onEnable} noValidate>
          <ol className="ps-3">
            <li>{t('twoFactor.scan')}</li>
            <li>{t('twoFactor.typeCode')}</li>
          </ol>
          <img src={setup.qr} alt={t('twoFactor.qr')} width={220} height={220} className="mb-2 border" />
          <p className="small">
            {t('twoFactor.cannotScan')}{' '}
            <code className="user-select-all" dir="ltr">
              {setup.secret}
            </code>
          </p>
          <Form.Group className="mb-3" controlId="two-factor-code">
            <Form.Label>{t('twoFactor.code')}</Form.Label>
            <Form.Control type="text" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          </Form.Group>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('twoFactor.turnOn')}
          </button>
        </Form>
      ) : (
        <Form onSubmit={onSetup} noValidate>
          {status.required && <p className="text-warning-emphasis">{t('twoFactor.mustUse')}</p>}
          {passwordField}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('twoFactor.setUp')}
          </button>
        </Form>
      )}
    </section>
  );
}
