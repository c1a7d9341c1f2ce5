import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Dialog, DialogFooter } from '../../ui/Dialog';
import { LoginLink } from '../../ui/LoginLink';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { slotDay, slotTime, zoneLabel } from '../../ui/clinicTime';
import { departmentName } from '../../ui/departments';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { selectIsLoggedIn } from '../session';
import { releaseSlot, reserveSlot } from './doctorsSlice';
import type { AvailableDate, DoctorDetail } from './types';
import { DoctorName, useDoctorTitle } from '../../ui/DoctorName';

export type SlotAction = 'reserve' | 'cancel';

interface Props {
  doctor: DoctorDetail;
  slot: AvailableDate | null;
  action: SlotAction;
  onClose: () => void;
}

/** Confirms a reservation (with the cancellation notice) or its cancellation; guests are asked to log in. */
export function SlotModal({ doctor, slot, action, onClose }: Props) {
  const { t } = useTranslation('doctors');
  const titled = useDoctorTitle();
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    setError(null);
    setDone(null);
    setBusy(false);
  }, [slot, action]);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(onClose, 1500);
    return () => window.clearTimeout(timer);
  }, [done, onClose]);

  if (!slot) return null;
  const when = t('modal.when', { day: slotDay(slot.date), time: slotTime(slot.time) });
  const title = t(!loggedIn ? 'modal.loginTitle' : action === 'reserve' ? 'modal.reserveTitle' : 'modal.cancelTitle');

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      if (action === 'reserve') {
        await dispatch(reserveSlot({ slotId: slot._id, doctor })).unwrap();
        setDone(t('modal.reserved'));
      } else {
        await dispatch(releaseSlot({ slotId: slot._id, doctor })).unwrap();
        setDone(t('modal.cancelled'));
      }
    } catch (message) {
      setError(String(message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog titleId="slot-modal-title" title={title} closeLabel={t('modal.close')} onHide={onClose}>
      <Modal.Body>
        {!loggedIn ? (
          <p className="mb-0">{t('modal.loginText', { name: titled(doctor.name) })}</p>
        ) : (
          <>
            <p>
              <DoctorName name={doctor.name} /> ({departmentName(doctor.specialization)})
              <br />
              <strong>{when}</strong> <span className="text-muted small">({zoneLabel(slot.timeZone)})</span>
            </p>
            {action === 'reserve' && (
              <p className="slot-notice small mb-3">
                <strong>{t('modal.noticeTitle')}</strong> {t('modal.notice')}
              </p>
            )}
            <SuccessAlert message={done} className="mb-0" />
            <ErrorAlert message={error} className="mb-0" />
          </>
        )}
      </Modal.Body>
      <DialogFooter closeText={t('modal.close')} onClose={onClose}>
        {!loggedIn ? (
          <LoginLink className="btn btn-primary">{t('modal.login')}</LoginLink>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={busy || Boolean(done)}>
            {busy ? t('modal.wait') : t(action === 'reserve' ? 'modal.save' : 'modal.cancel')}
          </button>
        )}
      </DialogFooter>
    </Dialog>
  );
}
