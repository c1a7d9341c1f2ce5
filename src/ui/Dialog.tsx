import type { FormEvent, ReactNode } from 'react';
import Modal, { type ModalProps } from 'react-bootstrap/Modal';

interface DialogProps extends Omit<ModalProps, 'title' | 'children' | 'onSubmit'> {
  /** The title's id: the dialog is labelled by it. */
  titleId: string;
  title: ReactNode;
  /** The accessible name of the header's close button. */
  closeLabel: string;
  /** With it, the header, body and footer are one form (validated by the page, not the browser). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A dialog (react-bootstrap's modal, centred unless told otherwise) with its title as a heading and a close button. */
export function Dialog({ titleId, title, closeLabel, onSubmit, show = true, centered = true, children, ...modal }: DialogProps) {
  const content = (
    <>
      <Modal.Header closeButton closeLabel={closeLabel}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {children}
    </>
  );
  return (
    <Modal show={show} centered={centered} aria-labelledby={titleId} {...modal}>
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {content}
        </form>
      ) : (
        content
      )}
    </Modal>
  );
}

/** A dialog's footer: the button that leaves it (`closeText`), then the dialog's own action (`children`). */
export function DialogFooter({ closeText, onClose, children }: { closeText: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal.Footer>
      <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
        {closeText}
      </button>
      {children}
    </Modal.Footer>
  );
}
