import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { dollarsOf } from '../../ui/money';
import { selectIsLoggedIn, selectUser, selectUserId } from '../session';
import { useTranslation } from '../../i18n';
import { formatDate, formatNumber } from '../../ui/clinicTime';
import { departmentName } from '../../ui/departments';
import { statusBadge } from './format';
import { buyPrescription, fetchPrescription } from './prescriptionsSlice';
import type { PrescriptionLine } from './types';
import './prescriptions.css';
import './texts';
import { LoginRequired } from '../../ui/LoginRequired';
import { Field } from '../../ui/Field';
import { DoctorName } from '../../ui/DoctorName';

/** One line's facts, as a definition list (readable at 390 px and on paper). */
function LineFacts({ line }: { line: PrescriptionLine }) {
  const { t } = useTranslation('prescriptions');
  const quantity = formatNumber(line.quantity);
  const facts: [string, string][] = [
    [t('page.dose'), line.dose],
    [t('page.frequency'), line.frequency],
    [t('page.duration'), line.duration],
    [
      t('page.quantity'),
      line.product && line.remaining !== line.quantity ? t('page.stillToBuy', { quantity, remaining: formatNumber(line.remaining) }) : quantity,
    ],
    [t('page.notes'), line.notes],
  ];
  return (
    <dl className="row mb-0 small">
      {facts
        .filter(([, value]) => value)
        .map(([term, value]) => (
          <div key={term} className="col-6 col-md-4">
            <dt>{term}</dt>
            <dd className="mb-1" dir="auto">
              {value}
            </dd>
          </div>
        ))}
    </dl>
  );
}

/** /prescriptions/:id: the prescription, its print view, and "Buy prescribed medicines" for its patient. */
export default function PrescriptionPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const { t } = useTranslation('prescriptions');
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectUser);
  const userId = useAppSelector(selectUserId) ?? user?._id;
  const { current: rx, currentStatus, currentError, bought, buying, buyError } = useAppSelector((state) => state.prescriptions);
  /** line id → product slug of the pharmacy the patient picked (absent: the cheapest, the server's default). */
  const [choices, setChoices] = useState<Record<string, string>>({});

  useEffect(() => {
    if (loggedIn && id) void dispatch(fetchPrescription(id));
  }, [dispatch, loggedIn, id]);

  if (!loggedIn) {
    return <LoginRequired title={t('page.title')} message={t('mustLogin')} loginText={t('login')} />;
  }
  if (currentStatus === 'loading' || (currentStatus === 'idle' && !rx)) return <Spinner label={t('page.loading')} />;
  if (!rx || rx._id !== id) {
    return (
      <>
        <PageBanner title={t('page.title')} />
        <div className="container py-4">
          <ErrorAlert message={currentError ?? t('page.notFound')} />
          <Link to="/prescriptions">{t('page.back')}</Link>
        </div>
      </>
    );
  }

  const isPatient = userId === rx.patient._id;
  const buyable = rx.status === 'valid' && rx.lines.some((l) => l.product && l.remaining > 0);
  return (
    <>
      <PageBanner title={t('page.named', { code: rx.code })} />
      <div className="container py-4">
        <article className="card card-body rx-sheet" aria-labelledby="rx-title">
          <div className="rx-print-header">
            <p className="h4 mb-0">{t('page.portal')}</p>
            <p className="mb-1">{t('page.sheet')}</p>
          </div>
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <h2 id="rx-title" className="h4 mb-0">
              {t('page.named', { code: rx.code })}
            </h2>
            <span className={`badge align-self-start ${statusBadge[rx.status]}`}>{t(`status.${rx.status}`)}</span>
          </div>
          <dl className="row mt-3 mb-2">
            <div className="col-sm-6">
              <dt>{t('page.code')}</dt>
              <dd className="font-monospace">{rx.code}</dd>
            </div>
            <div className="col-sm-6">
              <dt>{t('page.patient')}</dt>
              <dd>
                <bdi>{rx.patient.name}</bdi>
              </dd>
            </div>
            <div className="col-sm-6">
              <dt>{t('page.doctor')}</dt>
              <dd>
                <DoctorName name={rx.doctor.name} />
                {rx.doctor.specialization ? ` (${departmentName(rx.doctor.specialization)})` : ''}
              </dd>
            </div>
            <div className="col-sm-6">
              <dt>{t('page.licence')}</dt>
              <dd>{rx.doctor.licenseNumber || '—'}</dd>
            </div>
            <div className="col-sm-6">
              <dt>{t('page.issued')}</dt>
              <dd>{formatDate(rx.issuedAt)}</dd>
            </div>
            <div className="col-sm-6">
              <dt>{t('page.validUntil')}</dt>
              <dd>{formatDate(rx.validUntil)}</dd>
            </div>
          </dl>
          {rx.notes && <p dir="auto">{rx.notes}</p>}
          <h3 className="h5">{t('page.medicines')}</h3>
          <ol className="list-unstyled rx-lines" aria-label={t('page.linesLabel')}>
            {rx.lines.map((line) => {
              const offers = line.offers ?? [];
              return (
                <li key={line._id} className="border-top py-2">
                  <p className="fw-semibold mb-1" dir="auto">
                    {line.product ? <Link to={`/shop/${line.product.slug}`}>{line.medicine}</Link> : line.medicine}
                  </p>
                  <LineFacts line={line} />
                  {isPatient && buyable && line.remaining > 0 && offers.length > 1 && (
                    <Field
                      id={`rx-offer-${line._id}`}
                      className="rx-no-print mt-2"
                      labelClassName="form-label small"
                      label={t('page.pharmacyFor', { medicine: line.medicine })}
                    >
                      <select
                        id={`rx-offer-${line._id}`}
                        className="form-select form-select-sm"
                        value={choices[line._id] ?? offers[0].product.slug}
                        onChange={(e) => setChoices((c) => ({ ...c, [line._id]: e.target.value }))}
                      >
                        {offers.map((offer) => (
                          <option key={offer.product.slug} value={offer.product.slug}>
                            {t('page.offer', { pharmacy: offer.pharmacy.name, price: dollarsOf(offer.price), stock: formatNumber(offer.stock) })}
                          </option>
                        ))}
                      </select>
                    </Field>
                  )}
                  {isPatient && buyable && line.product && line.remaining > 0 && offers.length === 1 && (
                    <p className="rx-no-print small text-muted mb-0 mt-1">
                      {t('page.from', { pharmacy: offers[0].pharmacy.name, price: dollarsOf(offers[0].price) })}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        </article>
        <div className="rx-no-print d-flex flex-wrap gap-2 mt-3">
          {isPatient && buyable && (
            <button type="button" className="btn btn-primary" disabled={buying} onClick={() => void dispatch(buyPrescription({ id: rx._id, choices }))}>
              {t(buying ? 'page.buying' : 'page.buy')}
            </button>
          )}
          <button type="button" className="btn btn-outline-secondary" onClick={() => window.print()}>
            {t('page.print')}
          </button>
          <Link to="/prescriptions" className="btn btn-link">
            {t('page.all')}
          </Link>
        </div>
        <div className="rx-no-print mt-3">
          <ErrorAlert message={buyError} />
          {bought && (
            <div className={`alert ${bought.added.length ? 'alert-success' : 'alert-warning'}`} role="status">
              <p className="mb-1">{bought.message}</p>
              {bought.added.length > 0 && (
                <ul className="mb-1" aria-label={t('page.addedLabel')}>
                  {bought.added.map((a) => (
                    <li key={a.line}>{t('page.added', { name: a.name, quantity: formatNumber(a.quantity), pharmacy: a.pharmacy })}</li>
                  ))}
                </ul>
              )}
              {bought.unavailable.length > 0 && (
                <>
                  <p className="mb-1">{t('page.notAvailable')}</p>
                  <ul className="mb-1" aria-label={t('page.unavailableLabel')}>
                    {bought.unavailable.map((u) => (
                      <li key={u.line}>{t('page.unavailable', { name: u.name, reason: u.reason })}</li>
                    ))}
                  </ul>
                </>
              )}
              {bought.added.length > 0 && (
                <Link to="/cart" className="alert-link">
                  {t('page.toCart')}
                </Link>
              )}
            </div>
          )}
        </div>
      </div>
    </>
  );
}
