import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { useList } from '../../api/useList';
import { Link } from 'react-router-dom';
import { statusStyle } from './types';

interface Order {
  _id: string;
  /** The order number shared by the lines of one checkout. */
  number?: string;
  medicine: { name: string; slug: string };
  quantity: number;
  price: number;
  currency: string;
  deliveryStatus: string;
  created_at: string;
}


/** Settings → Orders: every order line with its delivery status and a link to its order page. */
export default function OrdersTab() {
  const { items, error } = useList<Order>('orders/user', 'orders');
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="h4 mb-3">
        Orders
      </h2>
      <ErrorAlert message={error} />
      {items === null ? (
        <Spinner label="Loading your orders…" />
      ) : (
        <>
          {items.length === 0 && !error && <p className="text-muted">There are no orders found</p>}
          <div className="table-responsive">
            <table className="table align-middle table-stack">
              <caption className="visually-hidden">Your orders</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Medicine</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Price</th>
                  <th scope="col">Currency</th>
                  <th scope="col">Delivery status</th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {items.map((o) => (
                  <tr key={o._id}>
                    <td data-label="Order">
                      {o.number ? (
                        <Link to={`/orders/${o.number}`} aria-label={`Order ${o.number}: ${o.medicine.name}`}>
                          {o.number}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td data-label="Medicine">{o.medicine.name}</td>
                    <td data-label="Quantity">{o.quantity}</td>
                    <td data-label="Price">${Number(o.price).toFixed(2)}</td>
                    <td data-label="Currency">{o.currency}</td>
                    <td data-label="Delivery status">
                      <span className={`badge ${statusStyle[o.deliveryStatus] ?? 'text-bg-light'}`}>{o.deliveryStatus}</span>
                    </td>
                    <td data-label="Date">{new Date(o.created_at).toLocaleDateString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
