import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Dialog } from '../../ui/Dialog';
import { useTranslation } from '../../i18n';
import type { ChangeRequest } from './HistorySection';

interface Props {
  request: ChangeRequest;
  onConfirm: (request: ChangeRequest) => Promise<void>;
  onCancel: () => void;
}

/** Asks the patient to confirm a removal or a hide; the change is made only after "Remove" / "Hide". */
export function ConfirmChangeDialog({ request, onConfirm, onCancel }: Props) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('history');
  // What the dialog says before a removal or a hide (history:confirm.*): nothing leaves her view without a second click.
  const wording = request.change === 'hide' ? 'hide' : 'remove';
  const confirm = async () => {
    setBusy(true);
    await onConfirm(request);
  };
  return (
    <Dialog
      titleId="history-confirm-title"
      title={t(`confirm.${wording}.title`)}
      closeLabel={t('close')}
      onHide={onCancel}
      aria-describedby="history-confirm-body"
    >
      <Modal.Body id="history-confirm-body">{t(`confirm.${wording}.body`, { label: request.label })}</Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel} autoFocus>
          {t('cancel')}
        </button>
        <button type="button" className={`btn ${request.change === 'hide' ? 'btn-secondary' : 'btn-danger'}`} onClick={() => void confirm()} disabled={busy}>
          {t(`confirm.${wording}.confirm`)}
        </button>
      </Modal.Footer>
    </Dialog>
  );
}
