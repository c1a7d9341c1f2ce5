import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role, UserStatus } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { tokenFromHeader, type TokenClaims } from '../lib/tokens.js';
import { rowTags } from '../cache/index.js';
import { compiledOnce } from '../db/compiled-once.js';
import { keptRead } from '../cache/kept-reads.js';
import type { App } from '../types.js';

export interface Viewer {
  id: string;
  role: Role;
  name: string;
  /** Professionals act only once approved; suspended accounts have no sessions at all. */
  status: UserStatus;
  jti: string;
  token: string;
  /** False only for accounts made since verification exists whose link was not followed yet (always set by viewerFromToken). */
  emailVerified?: boolean;
  mfaEnabled?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: null for guests, and for tokens that are invalid, expired or revoked. */
    viewer: Viewer | null;
  }
}

/** The account behind a session, as the sign-in check reads it. */
const signInQuery = compiledOnce((db, jti: string, userId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('account_security', 'account_security.user_id', 'users.id')
    .select(['users.id', 'users.role', 'users.name', 'users.status', 'account_security.email_verified', 'account_security.mfa_secret'])
    .where('sessions.jti', '=', jti)
    .where('sessions.user_id', '=', userId),
);
type SignIn = NonNullable<Awaited<ReturnType<typeof signInQuery>>[number]>;

/**
 * The session's account, read once per session and process: every request of a signed-in person
 * asked the database the same question. A committed write to the session (logout, suspension, a new
 * password), to the account (status, name) or to its security settings forgets it at once.
 * Writes to sessions and account_security name no row the cache can tell (their keys are not `id`),
 * so every write to either table forgets every kept sign-in: a login costs each session one read.
 */
const keptSignIn = keptRead('sign-in', {
  tables: ['sessions', 'users', 'account_security'],
  key: (claims: TokenClaims) => `${claims.jti}|${claims._id}`,
  read: async (app, claims: TokenClaims): Promise<SignIn | undefined> => (await signInQuery(app.db, claims.jti, claims._id))[0],
  tags: (row) => ['sessions', 'account_security', ...rowTags('users', row.id)],
  keepFor: (claims) => claims.exp * 1000 - Date.now(),
});

/** Resolves a raw token to a viewer: a valid signature, not expired, and a session not revoked. */
export async function viewerFromToken(app: App, token: string | null): Promise<Viewer | null> {
  if (!token) return null;
  const claims = await app.tokens.verify(token);
  if (!claims) return null;
  const row = await keptSignIn(app, claims);
  // Suspending deletes the sessions too; this also covers a token checked in the same instant.
  if (!row || row.status === 'suspended') return null;
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    status: row.status,
    jti: claims.jti,
    token,
    emailVerified: row.email_verified !== 0,
    mfaEnabled: Boolean(row.mfa_secret),
  };
}

/** True when the viewer's role must use two-factor sign-in (MFA_REQUIRED_ROLES) and has not turned it on. */
export const mustSetUpTwoFactor = (app: App, viewer: Viewer) => !viewer.mfaEnabled && app.config.mfaRequiredRoles.includes(viewer.role);
export const twoFactorSetupMessage = 'Your role must use two-factor sign-in: please turn it on in Settings → Security before continuing.';

/**
 * With REQUIRE_VERIFIED_EMAIL=true, booking, buying and chatting wait until the email is verified.
 * Called by those actions only; everything else works at once after sign-up.
 */
export const verifyEmailFirst =
  'Please verify your email address first: follow the link we emailed you, or ask for a new one from the banner at the top of the page.';

export function requireVerifiedEmail(app: App, viewer: Viewer) {
  if (app.config.requireVerifiedEmail && viewer.emailVerified === false) throw forbidden(verifyEmailFirst);
}

export default fp(async (app: App) => {
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.viewer = await viewerFromToken(app, tokenFromHeader(request.headers.authorization));
    // A role that must use two-factor sign-in can only reach its account settings until it is on.
    if (request.viewer && mustSetUpTwoFactor(app, request.viewer) && !request.url.startsWith('/api/auth/')) {
      throw forbidden(twoFactorSetupMessage);
    }
  });
});

/** The signed-in viewer, or a 401 'Unauthorized' (the exact text the existing client expects). */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}

const roleNames: Record<Role, string> = { patient: 'patients', doctor: 'doctors', pharmacist: 'pharmacists', admin: 'administrators' };

/** Doctors and pharmacists are professionals: they act for others only once an administrator approved them. */
export const isProfessional = (role: Role) => role === 'doctor' || role === 'pharmacist';

/** Refuses a professional whose account is not approved, with the reason in words. */
export function requireApproved(viewer: Viewer): Viewer {
  if (isProfessional(viewer.role) && viewer.status !== 'approved') {
    throw forbidden(
      viewer.status === 'rejected'
        ? 'Your application was not approved, so your account cannot do this'
        : 'Your account is awaiting approval by the clinic; you can do this once it is approved',
    );
  }
  return viewer;
}

/**
 * The viewer when they hold one of the roles (a professional must also be approved), or a 403 with a
 * message a person understands. Role checks live in services, with the other access rules: a route only
 * asks who is signed in (`requireViewer`) and hands the viewer to its service (README, Architecture rules).
 */
export function allowRoles(viewer: Viewer, ...roles: Role[]): Viewer {
  if (!roles.includes(viewer.role)) {
    throw forbidden(`Only ${roles.map((r) => roleNames[r]).join(' and ')} can do this`);
  }
  return requireApproved(viewer);
}

/**
 * A route hook that refuses a guest (401) or another role (403) as soon as the request arrives,
 * before its body is read and checked against the route's schema: a stranger hears "Unauthorized",
 * not what his form lacks. It only orders the answers: the service still decides with allowRoles,
 * as on every other route, and the handler takes its viewer from requireViewer.
 */
export const allowOnly =
  (...roles: Role[]) =>
  async (request: FastifyRequest) => {
    const viewer = requireViewer(request);
    if (roles.length) allowRoles(viewer, ...roles);
  };
