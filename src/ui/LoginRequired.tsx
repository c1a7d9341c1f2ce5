import { Link } from 'react-router-dom';
import { EmptyState } from './EmptyState';
import { LoginLink } from './LoginLink';
import { PageBanner } from './PageBanner';

/** A page only a signed-in person sees, shown to a visitor: its banner, why, and a login that brings her back. */
export function LoginRequired({ title, message, loginText }: { title: string; message: string; loginText: string }) {
  return (
    <>
      <PageBanner title={title} />
      <EmptyState message={message}>
        <LoginLink className="btn btn-primary">{loginText}</LoginLink>
      </EmptyState>
    </>
  );
}

/** Why a page's content is not shown to this person (not signed in, or not allowed), and where to go instead. */
export function AccessPrompt({
  message,
  linkText,
  to = '/account/login',
  className = 'text-center py-4',
}: {
  message: string;
  linkText: string;
  to?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <p className="lead">{message}</p>
      <Link className="btn btn-primary" to={to}>
        {linkText}
      </Link>
    </div>
  );
}
