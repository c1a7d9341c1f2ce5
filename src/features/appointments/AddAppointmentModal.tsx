import { useEffect, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Dialog, DialogFooter } from '../../ui/Dialog';
import { useAppDispatch } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { addAppointment } from './appointmentsSlice';

/** A doctor publishes a slot: time and date in the clinic's time zone. Closes 1.5 s after success. */
export function AddAppointmentModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('appointments');
  const [time, setTime] = useState('');
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!show) return;
    setError(null);
    setDone(false);
  }, [show]);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(onClose, 1500);
    return () => window.clearTimeout(timer);
  }, [done, onClose]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await dispatch(addAppointment({ date, time })).unwrap();
      setDone(true);
      setTime('');
      setDate('');
    } catch (message) {
      setError(String(message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog titleId="add-appointment-title" title={t('add.title')} closeLabel={t('close')} show={show} onHide={onClose} onSubmit={(e) => void onSubmit(e)}>
      <Modal.Body>
        <p className="small text-muted">{t('add.hint')}</p>
        <Form.Group className="mb-3" controlId="appointment-time">
          <Form.Label>{t('add.time')}</Form.Label>
          <Form.Control type="time" placeholder={t('add.timePlaceholder')} value={time} onChange={(e) => setTime(e.target.value)} />
        </Form.Group>
        <Form.Group className="mb-3" controlId="appointment-date">
          <Form.Label>{t('add.date')}</Form.Label>
          <Form.Control
            type="date"
            placeholder={t('add.datePlaceholder')}
            min={new Date().toISOString().slice(0, 10)}
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </Form.Group>
        <SuccessAlert message={done ? t('add.done') : null} className="mb-0" />
        <ErrorAlert message={error} className="mb-0" />
      </Modal.Body>
      <DialogFooter closeText={t('close')} onClose={onClose}>
        <button type="submit" className="btn btn-primary" disabled={busy || done}>
          {t(busy ? 'add.saving' : 'add.save')}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
