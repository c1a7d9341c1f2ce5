import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { useList } from '../../api/useList';

interface Payment {
  _id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  amount: number;
  currency: string;
  created_at: string;
}

/** Settings → Payments: the cards used before, by brand, last four digits and expiry. */
export default function PaymentsTab() {
  const { items, error } = useList<Payment>('payments', 'payments');
  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title" className="h4 mb-3">
        Payments
      </h2>
      <ErrorAlert message={error} />
      {items === null ? (
        <Spinner label="Loading your payments…" />
      ) : items.length === 0 ? (
        !error && <p className="text-muted">There are no previous payment methods</p>
      ) : (
        <ul className="list-group" aria-label="Previous payment methods">
          {items.map((p) => (
            <li key={p._id} className="list-group-item d-flex justify-content-between flex-wrap gap-2">
              <span>
                <strong className="text-capitalize">{p.brand}</strong> •••• {p.last4}
                <span className="text-muted ms-2">
                  expires {String(p.exp_month).padStart(2, '0')}/{p.exp_year}
                </span>
              </span>
              <span>
                ${Number(p.amount).toFixed(2)} {p.currency} · {new Date(p.created_at).toLocaleDateString()}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
