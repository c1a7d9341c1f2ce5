import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { slotDay, slotTime, zoneLabel } from '../../ui/clinicTime';
import { DataTable } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { selectUserId } from '../session';
import { SlotModal, type SlotAction } from './SlotModal';
import type { AvailableDate, DoctorDetail } from './types';
import { useTranslation } from '../../i18n';
import { useDoctorTitle } from '../../ui/DoctorName';

/** How many slots show at first, and how many more each press of "Show more" adds. */
const pageSize = 10;

/** The doctor's upcoming slots: Reserve, Reserved (disabled), or the holder's chat link and cancel. */
export function SlotsTable({ doctor }: { doctor: DoctorDetail }) {
  const userId = useAppSelector(selectUserId);
  const { t } = useTranslation('doctors');
  const titled = useDoctorTitle();
  const [open, setOpen] = useState<{ slot: AvailableDate; action: SlotAction } | null>(null);
  const [shown, setShown] = useState(pageSize);
  const close = useCallback(() => setOpen(null), []);
  const all = doctor.availableDates;
  // The visitor's own reservations always show, however far down the list they are.
  const slots = all.filter((slot, index) => index < shown || (Boolean(userId) && slot.patient === userId));
  const zone = zoneLabel(all[0]?.timeZone);

  if (all.length === 0) return <EmptyState message={t('slots.none')} />;

  return (
    <>
      <DataTable
        rows={slots}
        className="align-middle slot-table"
        caption={zone ? t('slots.captionZone', { zone }) : t('slots.caption')}
        captionClassName="small"
        columns={[t('slots.date'), t('slots.time'), t('slots.appointment')]}
        row={(slot) => {
          const mine = Boolean(userId) && slot.reserved && slot.patient === userId;
          return (
            <tr key={slot._id}>
              <td>{slotDay(slot.date)}</td>
              <td className="text-nowrap">{slotTime(slot.time)}</td>
              <td>
                {mine ? (
                  <div className="d-flex gap-2 flex-wrap align-items-center">
                    <Link className="btn btn-sm btn-success" to={slot.chat ? `/chat?chat=${slot.chat}` : '/chat'}>
                      {t('slots.chatWith', { name: titled(doctor.name) })}
                    </Link>
                    <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setOpen({ slot, action: 'cancel' })}>
                      {t('slots.cancel')}
                    </button>
                  </div>
                ) : slot.reserved ? (
                  <button type="button" className="btn btn-sm btn-secondary" disabled>
                    {t('slots.reserved')}
                  </button>
                ) : slot.heldUntil && !slot.heldForYou ? (
                  <button type="button" className="btn btn-sm btn-secondary" disabled>
                    {t('slots.held')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    aria-label={t('slots.reserveAt', { day: slotDay(slot.date), time: slotTime(slot.time) })}
                    onClick={() => setOpen({ slot, action: 'reserve' })}
                  >
                    {t('slots.reserve')}
                  </button>
                )}
              </td>
            </tr>
          );
        }}
      />
      {all.length > slots.length && (
        <div className="text-center">
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setShown((n) => n + pageSize)}>
            {t('slots.more', { count: all.length - slots.length })}
          </button>
        </div>
      )}
      <SlotModal doctor={doctor} slot={open?.slot ?? null} action={open?.action ?? 'reserve'} onClose={close} />
    </>
  );
}
