import { useEffect, useState } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from '../../i18n';
import type { UndoOffer } from './historySlice';

/** How long Undo is offered. The server keeps a removed entry restorable for longer, for slow networks. */
export const undoSeconds = 8;

interface Props {
  offer: UndoOffer;
  onUndo: (offer: UndoOffer) => Promise<void>;
  onExpire: () => void;
}

/**
 * Says what the server just removed or hid, with Undo for a few seconds. It only appears once the
 * server has confirmed the change.
 */
export function UndoToast({ offer, onUndo, onExpire }: Props) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('history');
  useEffect(() => {
    const timer = setTimeout(onExpire, undoSeconds * 1000);
    return () => clearTimeout(timer);
  }, [offer, onExpire]);
  const undo = async () => {
    setBusy(true);
    await onUndo(offer);
    setBusy(false);
  };
  return (
    <ToastContainer position="bottom-center" className="p-3 history-undo" containerPosition="fixed">
      <Toast onClose={onExpire} role="status" aria-live="polite" aria-atomic="true" bg="dark">
        <Toast.Body className="d-flex align-items-center gap-2 text-white">
          <span className="me-auto">{t(offer.change === 'hide' ? 'undo.hidden' : 'undo.removed', { label: offer.label })}</span>
          <button type="button" className="btn btn-sm btn-light" onClick={() => void undo()} disabled={busy}>
            {t('undo.undo')}
          </button>
          <button type="button" className="btn-close btn-close-white" aria-label={t('close')} onClick={onExpire} />
        </Toast.Body>
      </Toast>
    </ToastContainer>
  );
}
