import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Dialog, DialogFooter } from '../../ui/Dialog';
import { useTranslation } from '../../i18n';
import { ErrorAlert } from '../../ui/ErrorAlert';
import './texts';
import type { ReceivedOrder } from './types';

interface Props {
  order: ReceivedOrder;
  busy: boolean;
  /** The server's refusal of the last try, shown inside the dialog that hides the page. */
  error: string | null;
  onClose: () => void;
  onRefuse: (reason: string) => Promise<void>;
}

/** Asks the pharmacist why a prescription order is refused; the buyer reads the reason, so one is required. */
export function RefuseOrderModal({ order, busy, error, onClose, onRefuse }: Props) {
  const { t } = useTranslation('pharmacy');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    void onRefuse(reason.trim());
  };

  return (
    <Dialog
      titleId="refuse-order-title"
      title={t('refuse.title', { product: order.medicine.name, buyer: order.buyer.name })}
      closeLabel={t('refuse.close')}
      onHide={onClose}
      onSubmit={submit}
    >
      <Modal.Body>
        <ErrorAlert message={error} />
        <p className="small">{t('refuse.explain')}</p>
        <label className="form-label" htmlFor="refuse-reason">
          {t('refuse.reason')}
        </label>
        <textarea
          id="refuse-reason"
          className={`form-control ${missing ? 'is-invalid' : ''}`}
          rows={3}
          value={reason}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? 'refuse-reason-error' : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
        />
        {missing && (
          <div id="refuse-reason-error" className="invalid-feedback">
            {t('refuse.missing')}
          </div>
        )}
      </Modal.Body>
      <DialogFooter closeText={t('refuse.keep')} onClose={onClose}>
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {t(busy ? 'refuse.refusing' : 'refuse.submit')}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
