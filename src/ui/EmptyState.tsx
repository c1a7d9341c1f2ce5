import type { ReactNode } from 'react';

/** A calm message for lists with nothing in them, with an optional way forward. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="empty-state text-center py-5">
      <p className="empty-state__message mb-3">{message}</p>
      {children}
    </div>
  );
}
