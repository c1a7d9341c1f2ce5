import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { useAppSelector, useServerData } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { formatDate } from '../../ui/clinicTime';
import { dollarsIn } from '../../ui/money';
import { fetchPayments, selectPayments } from './orderHistorySlice';
import { cardExpiry } from './types';
import { Section } from '../../ui/Section';

/** Settings → Payments: the cards used before, by brand, last four digits and expiry. */
export default function PaymentsTab() {
  useServerData(fetchPayments);
  const { data: items, error } = useAppSelector(selectPayments);
  const { t } = useTranslation('orders');
  return (
    <Section titleId="payments-title" titleClassName="h4 mb-3" title={t('payments.title')}>
      <ErrorAlert message={error} />
      {items === null ? (
        <Spinner label={t('payments.loading')} />
      ) : items.length === 0 ? (
        !error && <p className="text-muted">{t('payments.empty')}</p>
      ) : (
        <ul className="list-group" aria-label={t('payments.list')}>
          {items.map((p) => (
            <li key={p._id} className="list-group-item d-flex justify-content-between flex-wrap gap-2">
              <span>
                <bdi dir="ltr">
                  <strong className="text-capitalize">{p.brand}</strong> •••• {p.last4}
                </bdi>
                <span className="text-muted ms-2">{t('expires', { date: cardExpiry(p) })}</span>
              </span>
              <span>
                <bdi>{dollarsIn(p.amount, p.currency)}</bdi> · {formatDate(p.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
