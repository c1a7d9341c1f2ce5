import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { LoginLink } from '../../ui/LoginLink';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { slotDay, slotTime, zoneLabel } from '../../ui/clinicTime';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { selectIsLoggedIn } from '../session/sessionSlice';
import { releaseSlot, reserveSlot } from './doctorsSlice';
import type { AvailableDate, DoctorDetail } from './types';

export type SlotAction = 'reserve' | 'cancel';

interface Props {
  doctor: DoctorDetail;
  slot: AvailableDate | null;
  action: SlotAction;
  onClose: () => void;
}

/** Confirms a reservation (with the cancellation notice) or its cancellation; guests are asked to log in. */
export function SlotModal({ doctor, slot, action, onClose }: Props) {
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
  const when = `${slotDay(slot.date)} at ${slotTime(slot.time)}`;
  const title = !loggedIn ? 'Log in to reserve' : action === 'reserve' ? 'Reserve an appointment' : 'Cancel your appointment';

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      if (action === 'reserve') {
        await dispatch(reserveSlot({ slotId: slot._id, doctor })).unwrap();
        setDone('Reserved Successfully');
      } else {
        await dispatch(releaseSlot({ slotId: slot._id, doctor })).unwrap();
        setDone('Your appointment was cancelled');
      }
    } catch (message) {
      setError(String(message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="slot-modal-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="slot-modal-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!loggedIn ? (
          <p className="mb-0">Please log in as a patient to reserve an appointment with {doctor.name}.</p>
        ) : (
          <>
            <p>
              {doctor.name} ({doctor.specialization})
              <br />
              <strong>{when}</strong> <span className="text-muted small">({zoneLabel(slot.timeZone)})</span>
            </p>
            {action === 'reserve' && (
              <p className="slot-notice small mb-3">
                <strong>Cancellation notice:</strong> cancelling after 24 hours costs a 25% fee.
              </p>
            )}
            <SuccessAlert message={done} className="mb-0" />
            <ErrorAlert message={error} className="mb-0" />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          Close
        </button>
        {!loggedIn ? (
          <LoginLink className="btn btn-primary">Login</LoginLink>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={busy || Boolean(done)}>
            {busy ? 'Please wait…' : action === 'reserve' ? 'Save' : 'Cancel appointment'}
          </button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
