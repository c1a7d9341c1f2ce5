import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** The history state a login link carries: the page to come back to. */
export interface ReturnState {
  returnTo?: string;
}

/** A link to the login page that brings the person back here once she has logged in. */
export function LoginLink({ className, children }: { className?: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Link to="/account/login" className={className} state={{ returnTo: location.pathname + location.search } satisfies ReturnState}>
      {children}
    </Link>
  );
}
