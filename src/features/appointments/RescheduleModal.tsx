import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Dialog, DialogFooter } from '../../ui/Dialog';
import { useAppDispatch } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { slotDay, slotTime } from '../../ui/clinicTime';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { fetchFreeSlotsOf, rescheduleAppointment } from './appointmentsSlice';
import type { Appointment, FreeSlot } from './types';

/** Moves a reservation to another free time of the same doctor; the success shows only after the server moved it. */
export function RescheduleModal({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('appointments');
  const [slots, setSlots] = useState<FreeSlot[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doctorName = appointment?.doctor?.name ?? '';

  useEffect(() => {
    setSlots(null);
    setChosen('');
    setError(null);
    setDone(null);
    if (!doctorName) return;
    dispatch(fetchFreeSlotsOf(doctorName))
      .unwrap()
      .then(setSlots)
      .catch((message: unknown) => {
        setSlots([]);
        setError(String(message));
      });
  }, [dispatch, doctorName, appointment?._id]);

  if (!appointment) return null;
  const when = t('slotWhen', { day: slotDay(appointment.date), time: slotTime(appointment.time) });

  const move = async () => {
    if (!chosen) {
      setError(t('move.chooseTime'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setDone(await dispatch(rescheduleAppointment({ id: appointment._id, to: chosen })).unwrap());
    } catch (message) {
      setError(String(message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog titleId="reschedule-title" title={t('move.title')} closeLabel={t('close')} onHide={onClose}>
      <Modal.Body>
        <p>{t('move.intro', { doctor: doctorName, when })}</p>
        {slots === null ? (
          <Spinner label={t('move.loading')} />
        ) : slots.length === 0 ? (
          <p className="text-muted">{t('move.noneFree', { doctor: doctorName })}</p>
        ) : (
          <fieldset>
            <legend className="h6">{t('move.freeTimes')}</legend>
            {slots.slice(0, 20).map((s) => (
              <div className="form-check" key={s._id}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="new-time"
                  id={`move-${s._id}`}
                  value={s._id}
                  checked={chosen === s._id}
                  onChange={() => setChosen(s._id)}
                />
                <label className="form-check-label" htmlFor={`move-${s._id}`}>
                  {t('slotWhen', { day: slotDay(s.date), time: slotTime(s.time) })}
                </label>
              </div>
            ))}
          </fieldset>
        )}
        <SuccessAlert message={done} className="mt-3 mb-0" />
        <ErrorAlert message={error} className="mt-3 mb-0" />
      </Modal.Body>
      <DialogFooter closeText={t(done ? 'close' : 'keep')} onClose={onClose}>
        {!done && (
          <button type="button" className="btn btn-primary" onClick={() => void move()} disabled={busy || !slots?.length}>
            {t(busy ? 'wait' : 'move.submit')}
          </button>
        )}
      </DialogFooter>
    </Dialog>
  );
}
