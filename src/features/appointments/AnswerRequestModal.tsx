import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Dialog, DialogFooter } from '../../ui/Dialog';
import { useAppDispatch } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { slotDay, slotTime } from '../../ui/clinicTime';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { toastShown } from '../../ui/toast/toastSlice';
import { fetchAppointments } from './appointmentsSlice';
import { acceptRequest, declineRequest, fetchRequestSlots } from './requestsSlice';
import type { AppointmentRequest, RequestSlot } from './types';
import { useDoctorTitle } from '../../ui/DoctorName';

/** Accept a request into one of the free slots the server offers, or decline it with a reason. */
export function AnswerRequestModal({ request, action, onClose }: { request: AppointmentRequest; action: 'accept' | 'decline'; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('appointments');
  const titled = useDoctorTitle();
  const [slots, setSlots] = useState<RequestSlot[] | null>(null);
  const [slot, setSlot] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accepting = action === 'accept';

  useEffect(() => {
    if (!accepting) return;
    dispatch(fetchRequestSlots(request._id))
      .unwrap()
      .then(setSlots)
      .catch((message: unknown) => setError(String(message)));
  }, [dispatch, accepting, request._id]);

  const submit = async () => {
    setBusy(true);
    setError(null);
    const result = accepting
      ? await dispatch(acceptRequest({ id: request._id, appointment: slot }))
      : await dispatch(declineRequest({ id: request._id, reason }));
    setBusy(false);
    if (acceptRequest.fulfilled.match(result) || declineRequest.fulfilled.match(result)) {
      onClose();
      if (accepting) void dispatch(fetchAppointments());
      // The server's confirmation of what was booked or declined, as a toast: the panel behind stays usable.
      dispatch(toastShown(result.payload.message));
    } else {
      setError(String(result.payload ?? t('answer.retry')));
    }
  };

  const title = t(accepting ? 'answer.acceptTitle' : 'answer.declineTitle', { name: request.name });
  return (
    <Dialog titleId="answer-request-title" title={title} closeLabel={t('close')} onHide={onClose}>
      <Modal.Body>
        {accepting ? (
          <Form.Group controlId="answer-slot">
            <Form.Label>{t('answer.slot')}</Form.Label>
            <Form.Select value={slot} onChange={(e) => setSlot(e.target.value)} disabled={slots === null}>
              <option value="">{t(slots === null ? 'answer.loadingSlots' : slots.length ? 'answer.chooseSlot' : 'answer.noSlot')}</option>
              {(slots ?? []).map((s) => (
                <option key={s._id} value={s._id}>
                  {t('answer.slotOption', { day: slotDay(s.date), time: slotTime(s.time), doctor: titled(s.doctor.name) })}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ) : (
          <Form.Group controlId="answer-reason">
            <Form.Label>{t('answer.reason')}</Form.Label>
            <Form.Control as="textarea" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Form.Group>
        )}
        <ErrorAlert message={error} className="mt-3 mb-0" />
      </Modal.Body>
      <DialogFooter closeText={t('answer.cancel')} onClose={onClose}>
        <button type="button" className={`btn ${accepting ? 'btn-primary' : 'btn-danger'}`} onClick={() => void submit()} disabled={busy}>
          {t(busy ? 'wait' : accepting ? 'answer.reserve' : 'answer.decline')}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
