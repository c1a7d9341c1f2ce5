import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { useAppSelector, useServerData } from '../../app/hooks';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { formatDate, formatNumber } from '../../ui/clinicTime';
import { currencyCode, dollarsOf } from '../../ui/money';
import { fetchOrderLines, selectOrderLines } from './orderHistorySlice';
import { statusStyle, useStatusLabel } from './types';
import { Section } from '../../ui/Section';

/** Settings → Orders: every order line with its delivery status and a link to its order page. */
export default function OrdersTab() {
  useServerData(fetchOrderLines);
  const { data: items, error } = useAppSelector(selectOrderLines);
  const { t } = useTranslation('orders');
  const statusLabel = useStatusLabel();
  return (
    <Section titleId="orders-title" titleClassName="h4 mb-3" title={t('list.title')}>
      <ErrorAlert message={error} />
      {items === null ? (
        <Spinner label={t('list.loading')} />
      ) : items.length === 0 ? (
        !error && <p className="text-muted">{t('list.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle table-stack">
            <caption className="visually-hidden">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.order')}</th>
                <th scope="col">{t('list.medicine')}</th>
                <th scope="col">{t('quantity')}</th>
                <th scope="col">{t('list.price')}</th>
                <th scope="col">{t('list.currency')}</th>
                <th scope="col">{t('list.delivery')}</th>
                <th scope="col">{t('list.date')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((o) => (
                <tr key={o._id}>
                  <td data-label={t('list.order')}>
                    {o.number ? (
                      <Link to={`/orders/${o.number}`} aria-label={t('list.link', { number: o.number, name: o.medicine.name })}>
                        {o.number}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-label={t('list.medicine')}>
                    <bdi>{o.medicine.name}</bdi>
                  </td>
                  <td data-label={t('quantity')}>{formatNumber(o.quantity)}</td>
                  <td data-label={t('list.price')}>
                    <bdi>{dollarsOf(o.price)}</bdi>
                  </td>
                  <td data-label={t('list.currency')}>{currencyCode(o.currency)}</td>
                  <td data-label={t('list.delivery')}>
                    <span className={`badge ${statusStyle[o.deliveryStatus] ?? 'text-bg-light'}`}>{statusLabel(o.deliveryStatus)}</span>
                  </td>
                  <td data-label={t('list.date')}>{formatDate(o.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
