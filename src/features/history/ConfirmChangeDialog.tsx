import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
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
    <Modal show onHide={onCancel} centered aria-labelledby="history-confirm-title" aria-describedby="history-confirm-body">
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id="history-confirm-title" as="h2" className="h5">
          {t(`confirm.${wording}.title`)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id="history-confirm-body">{t(`confirm.${wording}.body`, { label: request.label })}</Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel} autoFocus>
          {t('cancel')}
        </button>
        <button type="button" className={`btn ${request.change === 'hide' ? 'btn-secondary' : 'btn-danger'}`} onClick={() => void confirm()} disabled={busy}>
          {t(`confirm.${wording}.confirm`)}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
