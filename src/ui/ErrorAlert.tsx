/** The red alert that shows a server's message; renders nothing without a message. */
export function ErrorAlert({ message, className = '' }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <div className={`alert alert-danger ${className}`} role="alert">
      {message}
    </div>
  );
}

/** The green confirmation shown after a successful action. */
export function SuccessAlert({ message, className = '' }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <div className={`alert alert-success ${className}`} role="status">
      {message}
    </div>
  );
}
