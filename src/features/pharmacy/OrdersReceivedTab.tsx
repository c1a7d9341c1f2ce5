import { useState } from 'react';
import { useAppDispatch, useAppSelector, useServerData } from '../../app/hooks';
import { rejectionMessage } from '../../app/serverThunk';
import { useTranslation } from '../../i18n';
import { formatDate, formatNumber } from '../../ui/clinicTime';
import { dollarsIn } from '../../ui/money';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { DataTable } from '../../ui/DataTable';
import { RefuseOrderModal } from './RefuseOrderModal';
import './texts';
import { fetchReceivedOrders, moveReceivedOrder, selectReceivedOrders } from './pharmacySlice';
import type { ReceivedOrder } from './types';
import { useDoctorTitle } from '../../ui/DoctorName';

const statusStyle: Record<string, string> = {
  pending: 'text-bg-warning',
  shipped: 'text-bg-info',
  delivered: 'text-bg-success',
  cancelled: 'text-bg-secondary',
};

/** Settings → Orders received (pharmacists): orders for own products and their delivery status. */
export default function OrdersReceivedTab() {
  const { t } = useTranslation('pharmacy');
  const titled = useDoctorTitle();
  const actionLabel = (status: string) => t(`received.action.${status}`, { defaultValue: status });
  const dispatch = useAppDispatch();
  useServerData(fetchReceivedOrders);
  const { data: orders, error: loadError } = useAppSelector(selectReceivedOrders);
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
      const { message } = await dispatch(moveReceivedOrder({ id: order._id, status, reason })).unwrap();
      setNotice(t('received.notice', { product: order.medicine.name, message }));
      return true;
    } catch (e) {
      setError(rejectionMessage(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="orders-received-title">
      <h2 id="orders-received-title" className="h4 mb-3">
        {t('received.title')}
      </h2>
      <ErrorAlert message={error ?? loadError} />
      <SuccessAlert message={notice} />
      <DataTable
        rows={orders}
        loadingLabel={t('received.loading')}
        empty={<p className="text-muted">{t('received.none')}</p>}
        className="align-middle table-stack"
        caption={t('received.caption')}
        columns={[
          t('received.date'),
          t('received.medicine'),
          t('received.quantity'),
          t('received.total'),
          t('received.buyer'),
          t('received.status'),
          t('received.actions'),
        ]}
        row={(o) => (
          <tr key={o._id}>
            <td data-label={t('received.date')}>{formatDate(o.created_at)}</td>
            <td data-label={t('received.medicine')}>
              <bdi>{o.medicine.name}</bdi>
              {o.prescription && (
                <p className="small text-muted mb-0">
                  {t('received.prescription')} <bdi className="font-monospace">{o.prescription.code}</bdi>
                  {t('received.prescribedBy', {
                    doctor: titled(o.prescription.doctor.name),
                    licence: o.prescription.doctor.licenseNumber ? t('received.licence', { number: o.prescription.doctor.licenseNumber }) : '',
                    date: formatDate(o.prescription.issuedAt),
                  })}
                </p>
              )}
              {o.refusalReason && <p className="small text-danger mb-0">{t('received.refused', { reason: o.refusalReason })}</p>}
            </td>
            <td data-label={t('received.quantity')}>{formatNumber(o.quantity)}</td>
            <td data-label={t('received.total')}>
              <bdi>{dollarsIn(o.price, o.currency)}</bdi>
            </td>
            <td className="small" data-label={t('received.buyer')}>
              <strong>
                <bdi>{o.buyer.name}</bdi>
              </strong>
              <br />
              <span dir="auto">{[o.location, o.government, o.country].filter(Boolean).join(', ')}</span>
            </td>
            <td data-label={t('received.status')}>
              <span className={`badge ${statusStyle[o.deliveryStatus] ?? 'text-bg-light'}`}>
                {t(`received.delivery.${o.deliveryStatus}`, { defaultValue: o.deliveryStatus })}
              </span>
            </td>
            <td data-label={t('received.actions')}>
              <div className="d-flex gap-2 flex-wrap">
                {o.nextStatuses.map((s) =>
                  s === 'cancelled' && o.prescription ? (
                    <button
                      key={s}
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      disabled={busy === o._id}
                      aria-label={t('received.refuseLabel', { product: o.medicine.name, buyer: o.buyer.name })}
                      onClick={() => {
                        setError(null);
                        setRefusing(o);
                      }}
                    >
                      {t('received.refuse')}
                    </button>
                  ) : (
                    <button
                      key={s}
                      type="button"
                      className={`btn btn-sm ${s === 'cancelled' ? 'btn-outline-danger' : 'btn-outline-primary'}`}
                      disabled={busy === o._id}
                      aria-label={t('received.actionLabel', { action: actionLabel(s), product: o.medicine.name, buyer: o.buyer.name })}
                      onClick={() => void move(o, s)}
                    >
                      {actionLabel(s)}
                    </button>
                  ),
                )}
              </div>
            </td>
          </tr>
        )}
      />
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
