import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { PageBanner } from '../../ui/PageBanner';
import { useTranslation } from '../../i18n';
import { popupError, popupInfo, popupSuccess } from '../../ui/popup';
import { Spinner } from '../../ui/Spinner';
import { formatNumber } from '../../ui/clinicTime';
import { fetchCart, selectCart, selectCartStatus } from '../cart';
import { CountryGovernmentFields } from '../geo';
import { dollarsOf } from '../../ui/money';
import { selectIsLoggedIn, selectUser } from '../session';
import { CardFields } from './CardFields';
import { SafetyWarning, type SafetyConflict } from '../prescriptions';
import { placeOrder, type CardForm, type CheckoutFailure } from './placeOrder';
import { LoginRequired } from '../../ui/LoginRequired';
import { Section } from '../../ui/Section';
import { Field } from '../../ui/Field';

const redirectDelayMs = 1500;
const newKey = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

const emptyCard: CardForm = { number: '', exp_month: '', exp_year: '', cvc: '', currency: 'usd', location: '', country: '', government: '' };

/** The delivery fields start from the profile: her address, country and government. */
const fromProfile = (user: { location?: string; address?: string; country?: string; government?: string } | null): CardForm => ({
  ...emptyCard,
  location: String(user?.address || user?.location || ''),
  country: String(user?.country ?? ''),
  government: String(user?.government ?? ''),
});

/** /checkout: card and delivery details with the order summary; pays for the whole cart. */
export default function CheckoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation('checkout');
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const cart = useAppSelector(selectCart);
  const cartStatus = useAppSelector(selectCartStatus);
  const user = useAppSelector(selectUser);
  const [card, setCard] = useState<CardForm>(() => fromProfile(user));
  const [holder, setHolder] = useState('');
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState(false);
  const [orderNumber, setOrderNumber] = useState('');
  const key = useRef(newKey());
  /** The server said the cart costs something else now: its message and the new total, to confirm. */
  const [changed, setChanged] = useState<{ message: string; total: number } | null>(null);
  /** The safety check found clashes with her allergies or medicines: shown until she acknowledges them. */
  const [warning, setWarning] = useState<{ conflicts: SafetyConflict[]; total: number } | null>(null);

  useEffect(() => {
    if (loggedIn) void dispatch(fetchCart());
  }, [dispatch, loggedIn]);

  const change = (changes: Partial<CardForm>) => setCard((c) => ({ ...c, ...changes }));

  const pay = async (expectedTotal: number, acknowledgeWarnings = false) => {
    if (paying) return;
    setPaying(true);
    setChanged(null);
    setWarning(null);
    try {
      const placed = await dispatch(placeOrder({ card, key: key.current, expectedTotal, acknowledgeWarnings })).unwrap();
      setPaid(true);
      setOrderNumber(placed.orderNumber);
      if (placed.confirming) void popupInfo(placed.message);
      else void popupSuccess(placed.orderNumber ? t('orderNumber', { number: placed.orderNumber }) : '', placed.message || t('done'));
      setTimeout(() => navigate('/settings/orders'), redirectDelayMs);
    } catch (rejected) {
      // unwrap() throws the thunk's rejected value: always a CheckoutFailure (checkoutFailure covers every error).
      const failure = rejected as CheckoutFailure;
      // A definite answer ends this attempt; the next try (perhaps another card) is a new one.
      if (failure.answered) key.current = newKey();
      if (failure.conflicts) {
        setWarning({ conflicts: failure.conflicts, total: expectedTotal });
      } else if (failure.total !== undefined) {
        // Prices or stock changed since the page was loaded: show the new total and let the buyer confirm it.
        setChanged({ message: failure.message, total: failure.total });
        void dispatch(fetchCart());
      } else {
        void popupError(failure.message);
      }
      setPaying(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pay(cart?.total ?? 0);
  };

  if (!loggedIn) {
    return <LoginRequired title={t('title')} message={t('mustLogin')} loginText={t('login')} />;
  }

  const lines = cart?.products ?? [];
  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container py-4">
        {paid && orderNumber && (
          <div className="alert alert-success" role="status">
            {t('paid', { number: orderNumber })}{' '}
            <Link to={`/orders/${orderNumber}`} className="alert-link">
              {t('viewOrder', { number: orderNumber })}
            </Link>
          </div>
        )}
        {cartStatus === 'loading' && !cart ? (
          <Spinner label={t('loading', { ns: 'cart' })} />
        ) : lines.length === 0 && !paid ? (
          <EmptyState message={t('empty', { ns: 'cart' })}>
            <Link to="/shop" className="btn btn-primary">
              {t('toShop', { ns: 'cart' })}
            </Link>
          </EmptyState>
        ) : (
          <form className="row g-4" onSubmit={submit} noValidate aria-label={t('form')}>
            {warning && (
              <div className="col-12">
                <SafetyWarning intro={t('clash')} conflicts={warning.conflicts} busy={paying} onAcknowledge={() => void pay(warning.total, true)} />
              </div>
            )}
            {changed && (
              <div className="col-12">
                <div className="alert alert-warning mb-0" role="alert">
                  <p className="mb-2">{changed.message}</p>
                  <div className="d-flex flex-wrap gap-2">
                    <button type="button" className="btn btn-warning" disabled={paying} onClick={() => void pay(changed.total)}>
                      {t('payNew', { total: dollarsOf(changed.total) })}
                    </button>
                    <Link to="/cart" className="btn btn-outline-secondary">
                      {t('reviewCart')}
                    </Link>
                  </div>
                </div>
              </div>
            )}
            <div className="col-lg-7">
              <section className="card card-body mb-4">
                <CardFields card={card} holder={holder} onHolder={setHolder} onChange={change} />
              </section>
              <section className="card card-body">
                <fieldset>
                  <legend className="h5">{t('delivery')}</legend>
                  <Field id="checkout-location" className="mb-3" label={t('location')}>
                    <input
                      id="checkout-location"
                      className="form-control"
                      autoComplete="street-address"
                      value={card.location}
                      onChange={(e) => change({ location: e.target.value })}
                    />
                  </Field>
                  <CountryGovernmentFields country={card.country} government={card.government} onChange={change} />
                </fieldset>
              </section>
            </div>
            <div className="col-lg-5">
              <Section className="card card-body" titleId="summary-title" titleClassName="h5" title={t('summary')}>
                <ul className="list-unstyled mb-3" aria-label={t('lines')}>
                  {lines.map((line) => (
                    <li key={line._id} className="d-flex justify-content-between border-bottom py-2">
                      <span>
                        <bdi>{line.product.name}</bdi> × {formatNumber(line.quantity)}
                      </span>
                      <bdi>{dollarsOf(line.product.price * line.quantity)}</bdi>
                    </li>
                  ))}
                </ul>
                <p className="d-flex justify-content-between fs-5">
                  <span>{t('total', { ns: 'cart' })}</span>
                  <strong>
                    <bdi>{dollarsOf(cart?.total ?? 0)}</bdi>
                  </strong>
                </p>
                <button type="submit" className="btn btn-primary w-100" disabled={paying || paid}>
                  {paying ? t('paying') : t('submit')}
                </button>
              </Section>
            </div>
          </form>
        )}
      </div>
    </>
  );
}
