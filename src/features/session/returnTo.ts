import type { ReturnState } from '../../ui/LoginLink';

/**
 * Where a person goes after logging in. The specification sends her home; but a guest who was
 * stopped in the middle of something (reserving a slot, checking out) is sent back to it, so the
 * page that stopped her passes its address in the link's state (see `ui/LoginLink`).
 */

/** Only a path inside the portal, and never back to the login or sign-up pages. */
export function returnPath(state: unknown): string {
  const wanted = (state as ReturnState | null)?.returnTo;
  if (typeof wanted !== 'string' || !wanted.startsWith('/') || wanted.startsWith('//') || wanted.startsWith('/account/')) return '/';
  return wanted;
}
