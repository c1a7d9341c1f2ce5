import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { dollarsOf } from '../cart/money';
import { cancelOrder, fetchOrder, reorderOrder, selectOrder } from './orderSlice';
import { OrderTimeline } from './OrderTimeline';
import { statusStyle } from './types';
import './orders.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /orders/:number: one order as a store shows it, printable as a receipt. The buyer may cancel it
 * while every line is pending (the card is refunded) and buy it again in one click; a pharmacist
 * sees the lines she sells.
 */
export default function OrderPage() {
  const { number = '' } = useParams();
  const dispatch = useAppDispatch();
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
      <PageBanner title={`Order ${number.toUpperCase()}`} />
      <div className="container py-4">
        {status === 'loading' && !shown && <Spinner label="Loading the order…" />}
        <ErrorAlert message={status === 'failed' ? error : null} />
        {status === 'failed' && (
          <Link to="/settings/orders" className="btn btn-outline-primary">
            Back to my orders
          </Link>
        )}
        {shown && (
          <article className="order-receipt" aria-labelledby="order-title">
            <header className="d-flex flex-wrap align-items-start justify-content-between gap-3 mb-3">
              <div>
                <h2 id="order-title" className="h4 mb-1">
                  Order {shown.number}
                </h2>
                <p className="text-muted mb-0">
                  Placed {when(shown.placedAt)} ·{' '}
                  <span className={`badge ${statusStyle[shown.status] ?? 'text-bg-light'}`} data-testid="order-status">
                    {shown.status}
                  </span>
                </p>
              </div>
              <div className="d-flex flex-wrap gap-2 d-print-none">
                <button type="button" className="btn btn-outline-secondary" onClick={() => window.print()}>
                  Print receipt
                </button>
                {buyer && (
                  <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={() => void dispatch(reorderOrder(shown.number))}>
                    Reorder
                  </button>
                )}
                {shown.canCancel && !confirming && (
                  <button type="button" className="btn order-danger" disabled={busy} onClick={() => setConfirming(true)}>
                    Cancel order
                  </button>
                )}
                {shown.canRetryRefund && !shown.canCancel && (
                  <button type="button" className="btn order-danger" disabled={busy} onClick={() => void dispatch(cancelOrder(shown.number))}>
                    Send the refund again
                  </button>
                )}
              </div>
            </header>

            {confirming && (
              <div className="alert alert-warning d-print-none" role="group" aria-label="Confirm the cancellation">
                <p className="mb-2">
                  Cancel order {shown.number}? The {dollarsOf(shown.totals.total)} you paid goes back to your card.
                </p>
                <div className="d-flex gap-2">
                  <button type="button" className="btn btn-sm order-danger order-danger--solid" onClick={() => void cancel()}>
                    Yes, cancel the order
                  </button>
                  <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(false)}>
                    Keep the order
                  </button>
                </div>
              </div>
            )}
            {notice && (
              <div className={`alert alert-${notice.kind} d-print-none`} role={notice.kind === 'danger' ? 'alert' : 'status'}>
                <p className="mb-0">{notice.text}</p>
                {notice.unavailable && notice.unavailable.length > 0 && (
                  <ul className="mb-0 mt-2" aria-label="Not added to the cart">
                    {notice.unavailable.map((u) => (
                      <li key={u.name + u.reason}>
                        {u.name} {u.reason}
                      </li>
                    ))}
                  </ul>
                )}
                {notice.kind !== 'danger' && notice.unavailable && (
                  <Link to="/cart" className="alert-link">
                    Go to the cart
                  </Link>
                )}
              </div>
            )}

            <div className="table-responsive">
              <table className="table align-middle">
                <caption className="visually-hidden">Products in order {shown.number}</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col" className="text-end">
                      Quantity
                    </th>
                    <th scope="col" className="text-end">
                      Unit price
                    </th>
                    <th scope="col" className="text-end">
                      Total
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.lines.map((l) => (
                    <tr key={l._id}>
                      <td>{l.medicine.slug ? <Link to={`/shop/${encodeURIComponent(l.medicine.slug)}`}>{l.medicine.name}</Link> : l.medicine.name}</td>
                      <td className="text-end">{l.quantity}</td>
                      <td className="text-end">{dollarsOf(l.unitPrice)}</td>
                      <td className="text-end">{dollarsOf(l.total)}</td>
                      <td>
                        <span className={`badge ${statusStyle[l.deliveryStatus] ?? 'text-bg-light'}`}>{l.deliveryStatus}</span>
                        {l.refusalReason && <p className="small text-danger mb-0 mt-1">Refused by the pharmacy: {l.refusalReason}</p>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>

            <div className="row g-4">
              <section className="col-md-4" aria-labelledby="totals-title">
                <h3 id="totals-title" className="h6">
                  Totals
                </h3>
                <dl className="order-totals mb-0">
                  <dt>Items</dt>
                  <dd>{shown.totals.items}</dd>
                  <dt>Subtotal</dt>
                  <dd>{dollarsOf(shown.totals.subtotal)}</dd>
                  {shown.totals.cancelled > 0 && (
                    <>
                      <dt>Cancelled</dt>
                      <dd>−{dollarsOf(shown.totals.cancelled)}</dd>
                    </>
                  )}
                  <dt>Total</dt>
                  <dd className="fw-bold" data-testid="order-total">
                    {dollarsOf(shown.totals.total)} {shown.currency.toUpperCase()}
                  </dd>
                  {buyer && shown.totals.refunded > 0 && (
                    <>
                      <dt>Refunded</dt>
                      <dd data-testid="order-refunded">{dollarsOf(shown.totals.refunded)}</dd>
                    </>
                  )}
                </dl>
              </section>
              <section className="col-md-4" aria-labelledby="delivery-title">
                <h3 id="delivery-title" className="h6">
                  Delivery address
                </h3>
                <address className="mb-0">
                  {shown.delivery.location}
                  {(shown.delivery.government || shown.delivery.country) && <br />}
                  {[shown.delivery.government, shown.delivery.country].filter(Boolean).join(', ')}
                </address>
              </section>
              {shown.payment && (
                <section className="col-md-4" aria-labelledby="payment-title">
                  <h3 id="payment-title" className="h6">
                    Payment
                  </h3>
                  <p className="mb-0">
                    {shown.payment.brand} •••• {shown.payment.last4}, expires {String(shown.payment.exp_month).padStart(2, '0')}/{shown.payment.exp_year}
                    <br />
                    {dollarsOf(shown.payment.amount)} paid {when(shown.payment.paidAt)}
                  </p>
                </section>
              )}
            </div>

            <OrderTimeline timeline={shown.timeline} when={when} />
          </article>
        )}
      </div>
    </>
  );
}
