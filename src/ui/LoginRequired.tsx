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
