import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { ChangeRequest } from './HistorySection';

interface Props {
  request: ChangeRequest;
  onConfirm: (request: ChangeRequest) => Promise<void>;
  onCancel: () => void;
}

/** What the dialog says before a removal or a hide: nothing leaves her view without a second click. */
const wording = {
  remove: {
    title: 'Remove this entry?',
    body: (label: string) => `“${label}” will be removed from your medical history. You can undo this for a few seconds.`,
    confirm: 'Remove',
  },
  hide: {
    title: 'Hide this entry?',
    body: (label: string) =>
      `A doctor wrote “${label}”, so it stays in your record: it disappears from your view, but your doctors and the access log still see it. “Show hidden entries” brings it back.`,
    confirm: 'Hide',
  },
} as const;

/** Asks the patient to confirm a removal or a hide; the change is made only after "Remove" / "Hide". */
export function ConfirmChangeDialog({ request, onConfirm, onCancel }: Props) {
  const [busy, setBusy] = useState(false);
  const text = wording[request.change === 'hide' ? 'hide' : 'remove'];
  const confirm = async () => {
    setBusy(true);
    await onConfirm(request);
  };
  return (
    <Modal show onHide={onCancel} centered aria-labelledby="history-confirm-title" aria-describedby="history-confirm-body">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="history-confirm-title" as="h2" className="h5">
          {text.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id="history-confirm-body">{text.body(request.label)}</Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={`btn ${request.change === 'hide' ? 'btn-secondary' : 'btn-danger'}`} onClick={() => void confirm()} disabled={busy}>
          {text.confirm}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
