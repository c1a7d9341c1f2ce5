import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { formatDateTime, formatNumber } from '../../ui/clinicTime';
import { useTranslation } from '../../i18n';
import { dollarsIn, dollarsOf } from '../../ui/money';
import { cancelOrder, fetchOrder, reorderOrder, selectOrder } from './orderSlice';
import { OrderTimeline } from './OrderTimeline';
import { cardExpiry, statusStyle, useStatusLabel } from './types';
import './orders.css';
import { DataTable } from '../../ui/DataTable';
import { Section } from '../../ui/Section';

/**
 * /orders/:number: one order as a store shows it, printable as a receipt. The buyer may cancel it
 * while every line is pending (the card is refunded) and buy it again in one click; a pharmacist
 * sees the lines she sells.
 */
export default function OrderPage() {
  const { number = '' } = useParams();
  const dispatch = useAppDispatch();
  const { t } = useTranslation('orders');
  const statusLabel = useStatusLabel();
  const { order, status, error, notice, busy } = useAppSelector(selectOrder);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    void dispatch(fetchOrder(number));
  }, [dispatch, number]);

  const shown = order && order.number === number.toUpperCase() ? order : null;
  const buyer = Boolean(shown?.payment);
  const cancel = async () => {
    setConfirming(false);
    await dispatch(cancelOrder(number));
  };

  return (
    <>
      <PageBanner title={t('title', { number: number.toUpperCase() })} />
      <div className="container py-4">
        {status === 'loading' && !shown && <Spinner label={t('loading')} />}
        <ErrorAlert message={status === 'failed' ? error : null} />
        {status === 'failed' && (
          <Link to="/settings/orders" className="btn btn-outline-primary">
            {t('back')}
          </Link>
        )}
        {shown && (
          <article className="order-receipt" aria-labelledby="order-title">
            <header className="d-flex flex-wrap align-items-start justify-content-between gap-3 mb-3">
              <div>
                <h2 id="order-title" className="h4 mb-1">
                  {t('title', { number: shown.number })}
                </h2>
                <p className="text-muted mb-0">
                  {t('placed', { when: formatDateTime(shown.placedAt) })} ·{' '}
                  <span className={`badge ${statusStyle[shown.status] ?? 'text-bg-light'}`} data-testid="order-status">
                    {statusLabel(shown.status)}
                  </span>
                </p>
              </div>
              <div className="d-flex flex-wrap gap-2 d-print-none">
                <button type="button" className="btn btn-outline-secondary" onClick={() => window.print()}>
                  {t('print')}
                </button>
                {buyer && (
                  <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={() => void dispatch(reorderOrder(shown.number))}>
                    {t('reorder')}
                  </button>
                )}
                {shown.canCancel && !confirming && (
                  <button type="button" className="btn order-danger" disabled={busy} onClick={() => setConfirming(true)}>
                    {t('cancel')}
                  </button>
                )}
                {shown.canRetryRefund && !shown.canCancel && (
                  <button type="button" className="btn order-danger" disabled={busy} onClick={() => void dispatch(cancelOrder(shown.number))}>
                    {t('refundAgain')}
                  </button>
                )}
              </div>
            </header>

            {confirming && (
              <div className="alert alert-warning d-print-none" role="group" aria-label={t('confirmLabel')}>
                <p className="mb-2">{t('confirm', { number: shown.number, amount: dollarsOf(shown.totals.total) })}</p>
                <div className="d-flex gap-2">
                  <button type="button" className="btn btn-sm order-danger order-danger--solid" onClick={() => void cancel()}>
                    {t('yes')}
                  </button>
                  <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(false)}>
                    {t('keep')}
                  </button>
                </div>
              </div>
            )}
            {notice && (
              <div className={`alert alert-${notice.kind} d-print-none`} role={notice.kind === 'danger' ? 'alert' : 'status'}>
                <p className="mb-0">{notice.text}</p>
                {notice.unavailable && notice.unavailable.length > 0 && (
                  <ul className="mb-0 mt-2" aria-label={t('notAdded')}>
                    {notice.unavailable.map((u) => (
                      <li key={u.name + u.reason} dir="auto">
                        {u.name} {u.reason}
                      </li>
                    ))}
                  </ul>
                )}
                {notice.kind !== 'danger' && notice.unavailable && (
                  <Link to="/cart" className="alert-link">
                    {t('toCart')}
                  </Link>
                )}
              </div>
            )}

            <DataTable
              rows={shown.lines}
              className="align-middle table-stack"
              caption={t('caption', { number: shown.number })}
              columns={[
                t('product'),
                { label: t('quantity'), className: 'text-end' },
                { label: t('unitPrice'), className: 'text-end' },
                { label: t('total'), className: 'text-end' },
                t('status'),
              ]}
              row={(l) => (
                <tr key={l._id}>
                  <td data-label={t('product')}>
                    {l.medicine.slug ? (
                      <Link to={`/shop/${encodeURIComponent(l.medicine.slug)}`}>
                        <bdi>{l.medicine.name}</bdi>
                      </Link>
                    ) : (
                      <bdi>{l.medicine.name}</bdi>
                    )}
                  </td>
                  <td className="text-end" data-label={t('quantity')}>
                    {formatNumber(l.quantity)}
                  </td>
                  <td className="text-end" data-label={t('unitPrice')}>
                    <bdi>{dollarsOf(l.unitPrice)}</bdi>
                  </td>
                  <td className="text-end" data-label={t('total')}>
                    <bdi>{dollarsOf(l.total)}</bdi>
                  </td>
                  <td data-label={t('status')}>
                    <span className={`badge ${statusStyle[l.deliveryStatus] ?? 'text-bg-light'}`}>{statusLabel(l.deliveryStatus)}</span>
                    {l.refusalReason && <p className="small text-danger mb-0 mt-1">{t('refused', { reason: l.refusalReason })}</p>}
                  </td>
                </tr>
              )}
            />

            <div className="row g-4">
              <Section className="col-md-4" titleId="totals-title" level="h3" titleClassName="h6" title={t('totals')}>
                <dl className="order-totals mb-0">
                  <dt>{t('items')}</dt>
                  <dd>{formatNumber(shown.totals.items)}</dd>
                  <dt>{t('subtotal')}</dt>
                  <dd>
                    <bdi>{dollarsOf(shown.totals.subtotal)}</bdi>
                  </dd>
                  {shown.totals.cancelled > 0 && (
                    <>
                      <dt>{t('cancelled')}</dt>
                      <dd>
                        <bdi>−{dollarsOf(shown.totals.cancelled)}</bdi>
                      </dd>
                    </>
                  )}
                  <dt>{t('total')}</dt>
                  <dd className="fw-bold" data-testid="order-total">
                    <bdi>{dollarsIn(shown.totals.total, shown.currency)}</bdi>
                  </dd>
                  {buyer && shown.totals.refunded > 0 && (
                    <>
                      <dt>{t('refunded')}</dt>
                      <dd data-testid="order-refunded">
                        <bdi>{dollarsOf(shown.totals.refunded)}</bdi>
                      </dd>
                    </>
                  )}
                </dl>
              </Section>
              <Section className="col-md-4" titleId="delivery-title" level="h3" titleClassName="h6" title={t('address')}>
                <address className="mb-0" dir="auto">
                  {shown.delivery.location}
                  {(shown.delivery.government || shown.delivery.country) && <br />}
                  {[shown.delivery.government, shown.delivery.country].filter(Boolean).join(', ')}
                </address>
              </Section>
              {shown.payment && (
                <Section className="col-md-4" titleId="payment-title" level="h3" titleClassName="h6" title={t('payment')}>
                  <p className="mb-0">
                    <bdi dir="ltr">
                      {shown.payment.brand} •••• {shown.payment.last4}
                    </bdi>
                    , {t('expires', { date: cardExpiry(shown.payment) })}
                    <br />
                    {t('paidOn', { amount: dollarsOf(shown.payment.amount), when: formatDateTime(shown.payment.paidAt) })}
                  </p>
                </Section>
              )}
            </div>

            <OrderTimeline timeline={shown.timeline} when={formatDateTime} />
          </article>
        )}
      </div>
    </>
  );
}
