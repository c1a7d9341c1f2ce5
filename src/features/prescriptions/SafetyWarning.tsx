import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../i18n';
import type { SafetyConflict } from './types';

interface Props {
  /** One sentence before the list (the server's message repeats every conflict, so it is not shown again). */
  intro: string;
  conflicts: SafetyConflict[];
  busy: boolean;
  onAcknowledge: () => void;
  /** What acknowledging does, in the button's words. */
  actionLabel?: string;
}

/**
 * The safety check's warning: each clash with an allergy or a current medicine, and the explicit
 * acknowledgement needed to go on. Focus moves to it so a keyboard or screen-reader user meets it first,
 * in the same commit that shows it: a click in the moment between would land on what it replaced.
 */
export function SafetyWarning({ intro, conflicts, busy, onAcknowledge, actionLabel }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} className="alert alert-warning mb-0" role="alert" tabIndex={-1} aria-labelledby="safety-warning-title">
      <h2 id="safety-warning-title" className="h6">
        {t('safety.title')}
      </h2>
      <p className="mb-2">{intro}</p>
      <ul aria-label={t('safety.list')}>
        {conflicts.map((c) => (
          <li key={`${c.kind}-${c.product}-${c.ingredient}-${c.with}`}>{c.message}</li>
        ))}
      </ul>
      <button type="button" className="btn btn-warning" disabled={busy} onClick={onAcknowledge}>
        {actionLabel ?? t('safety.go')}
      </button>
    </div>
  );
}
