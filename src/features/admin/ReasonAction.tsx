import { useId, useState, type FormEvent } from 'react';

/**
 * A button that asks for a reason before acting (reject, suspend, unpublish): the person concerned
 * reads the reason, so it cannot be empty.
 */
export function ReasonAction({ label, subject, onConfirm, variant = 'danger' }: { label: string; subject: string; onConfirm: (reason: string) => Promise<void>; variant?: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      setOpen(false);
      setReason('');
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <button type="button" className={`btn btn-sm btn-outline-${variant}`} onClick={() => setOpen(true)}>
        {label} {subject}
      </button>
    );
  }
  return (
    <form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={submit}>
      <div className="flex-grow-1">
        <label className="form-label small mb-1" htmlFor={id}>
          Reason to {label.toLowerCase()} {subject}
        </label>
        <input id={id} className="form-control form-control-sm" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} />
      </div>
      <button type="submit" className={`btn btn-sm btn-${variant}`} disabled={busy || !reason.trim()}>
        Confirm: {label.toLowerCase()} {subject}
      </button>
      <button type="button" className="btn btn-sm btn-link" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
