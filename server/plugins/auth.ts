import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role, UserStatus } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { tokenFromHeader } from '../lib/tokens.js';
import type { App } from '../types.js';

export interface Viewer {
  id: string;
  role: Role;
  name: string;
  /** Professionals act only once approved; suspended accounts have no sessions at all. */
  status: UserStatus;
  jti: string;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: null for guests, and for tokens that are invalid, expired or revoked. */
    viewer: Viewer | null;
  }
}

/** Resolves a raw token to a viewer: a valid signature, not expired, and a session not revoked. */
export async function viewerFromToken(app: App, token: string | null): Promise<Viewer | null> {
  if (!token) return null;
  const claims = await app.tokens.verify(token);
  if (!claims) return null;
  const row = await app.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.role', 'users.name', 'users.status'])
    .where('sessions.jti', '=', claims.jti)
    .where('sessions.user_id', '=', claims._id)
    .executeTakeFirst();
  // Suspending deletes the sessions too; this also covers a token checked in the same instant.
  if (!row || row.status === 'suspended') return null;
  return { id: row.id, role: row.role, name: row.name, status: row.status, jti: claims.jti, token };
}

export default fp(async (app: App) => {
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.viewer = await viewerFromToken(app, tokenFromHeader(request.headers.authorization));
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
 * The signed-in viewer holding one of the roles, or a 401/403 with a message a person understands.
 * A professional must also be approved.
 */
export function requireRole(request: FastifyRequest, ...roles: Role[]): Viewer {
  const viewer = requireViewer(request);
  if (!roles.includes(viewer.role)) {
    throw forbidden(`Only ${roles.map((r) => roleNames[r]).join(' and ')} can do this`);
  }
  return requireApproved(viewer);
}
