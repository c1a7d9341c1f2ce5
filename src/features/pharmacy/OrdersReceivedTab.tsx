import { useState } from 'react';
import { http, messageOf, toFormData } from '../../api/http';
import { useList } from '../../api/useList';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { prescriptionDate } from '../prescriptions/format';
import { RefuseOrderModal } from './RefuseOrderModal';
import type { ReceivedOrder } from './types';

const actionLabel: Record<string, string> = { shipped: 'Mark shipped', delivered: 'Mark delivered', cancelled: 'Cancel order' };
const statusStyle: Record<string, string> = { pending: 'text-bg-warning', shipped: 'text-bg-info', delivered: 'text-bg-success', cancelled: 'text-bg-secondary' };

/** Settings → Orders received (pharmacists): orders for own products and their delivery status. */
export default function OrdersReceivedTab() {
  const { items: orders, error: loadError, setItems: setOrders } = useList<ReceivedOrder>('orders/received', 'orders');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** The prescription order whose refusal reason is being asked for. */
  const [refusing, setRefusing] = useState<ReceivedOrder | null>(null);

  /** Moves the order; true once the server did. A refusal carries the reason the buyer will read. */
  const move = async (order: ReceivedOrder, status: string, reason?: string) => {
    setBusy(order._id);
    setError(null);
    setNotice(null);
    try {
      const { data } = await http.patch<{ message: string; order: ReceivedOrder }>('orders/status/', toFormData({ status, reason }), { params: { order: order._id } });
      setOrders((list) => (list ?? []).map((o) => (o._id === order._id ? data.order : o)));
      setNotice(`${order.medicine.name}: ${data.message}`);
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="orders-received-title">
      <h2 id="orders-received-title" className="h4 mb-3">
        Orders received
      </h2>
      <ErrorAlert message={error ?? loadError} />
      <SuccessAlert message={notice} />
      {orders === null ? (
        <Spinner label="Loading the orders…" />
      ) : orders.length === 0 ? (
        <p className="text-muted">There are no orders found</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle table-stack">
            <caption className="visually-hidden">Orders for your products</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Medicine</th>
                <th scope="col">Quantity</th>
                <th scope="col">Total</th>
                <th scope="col">Buyer and address</th>
                <th scope="col">Delivery status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o._id}>
                  <td data-label="Date">{new Date(o.created_at).toLocaleDateString()}</td>
                  <td data-label="Medicine">
                    {o.medicine.name}
                    {o.prescription && (
                      <p className="small text-muted mb-0">
                        Prescription <span className="font-monospace">{o.prescription.code}</span> by {o.prescription.doctor.name}
                        {o.prescription.doctor.licenseNumber ? ` (licence ${o.prescription.doctor.licenseNumber})` : ''}, issued {prescriptionDate(o.prescription.issuedAt)}
                      </p>
                    )}
                    {o.refusalReason && <p className="small text-danger mb-0">Refused: {o.refusalReason}</p>}
                  </td>
                  <td data-label="Quantity">{o.quantity}</td>
                  <td data-label="Total">
                    ${Number(o.price).toFixed(2)} {o.currency}
                  </td>
                  <td className="small" data-label="Buyer and address">
                    <strong>{o.buyer.name}</strong>
                    <br />
                    {[o.location, o.government, o.country].filter(Boolean).join(', ')}
                  </td>
                  <td data-label="Delivery status">
                    <span className={`badge ${statusStyle[o.deliveryStatus] ?? 'text-bg-light'}`}>{o.deliveryStatus}</span>
                  </td>
                  <td data-label="Actions">
                    <div className="d-flex gap-2 flex-wrap">
                      {o.nextStatuses.map((s) =>
                        s === 'cancelled' && o.prescription ? (
                          <button
                            key={s}
                            type="button"
                            className="btn btn-sm btn-outline-danger"
                            disabled={busy === o._id}
                            aria-label={`Refuse: ${o.medicine.name} for ${o.buyer.name}`}
                            onClick={() => {
                              setError(null);
                              setRefusing(o);
                            }}
                          >
                            Refuse
                          </button>
                        ) : (
                        <button
                          key={s}
                          type="button"
                          className={`btn btn-sm ${s === 'cancelled' ? 'btn-outline-danger' : 'btn-outline-primary'}`}
                          disabled={busy === o._id}
                          aria-label={`${actionLabel[s] ?? s}: ${o.medicine.name} for ${o.buyer.name}`}
                          onClick={() => void move(o, s)}
                        >
                          {actionLabel[s] ?? s}
                        </button>
                        ),
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {refusing && (
        <RefuseOrderModal
          order={refusing}
          busy={busy === refusing._id}
          error={error}
          onClose={() => {
            setRefusing(null);
            setError(null);
          }}
          onRefuse={async (reason) => {
            if (await move(refusing, 'cancelled', reason)) setRefusing(null);
          }}
        />
      )}
    </section>
  );
}
