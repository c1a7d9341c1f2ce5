import { useEffect, useRef, type ReactNode } from 'react';

interface AlertProps {
  message: string | null | undefined;
  className?: string;
  /**
   * Moves focus to the message (and scrolls it into view) when it appears: for messages that answer
   * a form's submit, which may appear far above the button that was pressed.
   */
  focus?: boolean;
  /** What follows the message inside the alert (a link to go on, for instance). */
  children?: ReactNode;
}

/** Focuses the element when `shown` turns to a new message, if `enabled`. */
function useFocusWhenShown(shown: string | null | undefined, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!enabled || !shown || !ref.current) return;
    ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView?.({ block: 'center' });
  }, [shown, enabled]);
  return ref;
}

/** The red alert that shows a server's message; renders nothing without a message. */
export function ErrorAlert({ message, className = '', focus = false, children }: AlertProps) {
  const ref = useFocusWhenShown(message, focus);
  if (!message) return null;
  return (
    <div ref={ref} className={`alert alert-danger ${className}`} role="alert" tabIndex={focus ? -1 : undefined}>
      {message}
      {children}
    </div>
  );
}

/** The green confirmation shown after a successful action. */
export function SuccessAlert({ message, className = '', focus = false, children }: AlertProps) {
  const ref = useFocusWhenShown(message, focus);
  if (!message) return null;
  return (
    <div ref={ref} className={`alert alert-success ${className}`} role="status" tabIndex={focus ? -1 : undefined}>
      {message}
      {children}
    </div>
  );
}
