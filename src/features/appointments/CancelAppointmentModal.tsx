import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Dialog, DialogFooter } from '../../ui/Dialog';
import { useAppDispatch } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { slotDay, slotTime } from '../../ui/clinicTime';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { cancelAppointment, fetchAppointments } from './appointmentsSlice';
import type { Appointment } from './types';
import { Field } from '../../ui/Field';
import { useDoctorTitle } from '../../ui/DoctorName';

/** Confirms deleting (doctor) or cancelling (patient) a slot; closes 0.5 s after success and reloads. */
export function CancelAppointmentModal({ appointment, asPatient, onClose }: { appointment: Appointment | null; asPatient: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('appointments');
  const titled = useDoctorTitle();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [reason, setReason] = useState('');

  useEffect(() => {
    setError(null);
    setDone(false);
    setReason('');
  }, [appointment]);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => {
      onClose();
      void dispatch(fetchAppointments());
    }, 500);
    return () => window.clearTimeout(timer);
  }, [done, onClose, dispatch]);

  if (!appointment) return null;
  const when = t('slotWhen', { day: slotDay(appointment.date), time: slotTime(appointment.time) });
  // A doctor cancelling a slot a patient holds says why: she is told at once, with his next free times.
  const upcoming = !appointment.startsAt || new Date(appointment.startsAt).getTime() > Date.now();
  const needsReason = !asPatient && appointment.reserved && Boolean(appointment.patient) && upcoming;

  const confirm = async () => {
    if (needsReason && !reason.trim()) {
      setError(t('cancelModal.reasonNeeded', { name: appointment.patient?.name ?? t('cancelModal.thePatient') }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await dispatch(cancelAppointment({ id: appointment._id, reason: needsReason ? reason.trim() : '' })).unwrap();
      setDone(true);
    } catch (message) {
      setError(String(message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      titleId="cancel-appointment-title"
      title={t(asPatient ? 'cancelModal.cancelTitle' : 'cancelModal.deleteTitle')}
      closeLabel={t('close')}
      onHide={onClose}
    >
      <Modal.Body>
        <p>
          {asPatient
            ? t('cancelModal.askCancel', { doctor: appointment.doctor?.name ? titled(appointment.doctor.name) : t('cancelModal.theDoctor'), when })
            : t('cancelModal.askDelete', { when })}
          {!asPatient && appointment.patient && t('cancelModal.reservedBy', { name: appointment.patient.name })}
        </p>
        {needsReason && (
          <Field id="cancel-reason" className="mb-3" label={t('cancelModal.reason')}>
            <textarea
              id="cancel-reason"
              className="form-control"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
            />
          </Field>
        )}
        <SuccessAlert message={done ? t('cancelModal.done') : null} className="mb-0" />
        <ErrorAlert message={error} className="mb-0" />
      </Modal.Body>
      <DialogFooter closeText={t('keep')} onClose={onClose}>
        <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={busy || done}>
          {t(busy ? 'wait' : 'cancelModal.confirm')}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
