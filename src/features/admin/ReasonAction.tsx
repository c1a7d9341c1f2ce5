import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { Field } from '../../ui/Field';

/** The actions that need a reason; each has its own wording. */
export type ReasonedAction = 'reject' | 'rejectChange' | 'suspend' | 'unpublish';

/**
 * A button that asks for a reason before acting (reject, suspend, unpublish): the person concerned
 * reads the reason, so it cannot be empty.
 */
export function ReasonAction({
  action,
  subject,
  onConfirm,
  variant = 'danger',
}: {
  action: ReasonedAction;
  subject: string;
  onConfirm: (reason: string) => Promise<void>;
  variant?: string;
}) {
  const { t } = useTranslation('admin');
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
        {t(`reason.${action}.open`, { subject })}
      </button>
    );
  }
  return (
    <form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={submit}>
      <Field id={id} className="flex-grow-1" labelClassName="form-label small mb-1" label={t(`reason.${action}.label`, { subject })}>
        <input id={id} className="form-control form-control-sm" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} />
      </Field>
      <button type="submit" className={`btn btn-sm btn-${variant}`} disabled={busy || !reason.trim()}>
        {t(`reason.${action}.confirm`, { subject })}
      </button>
      <button type="button" className="btn btn-sm btn-link" onClick={() => setOpen(false)}>
        {t('reason.cancel')}
      </button>
    </form>
  );
}
