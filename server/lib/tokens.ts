import { randomBytes } from 'node:crypto';
import { SignJWT, compactVerify, jwtVerify } from 'jose';
import type { Role } from '../db/schema.js';

export interface TokenClaims {
  _id: string;
  role: Role;
  jti: string;
  exp: number;
}

export interface Tokens {
  issue(userId: string, role: Role): Promise<{ token: string; jti: string; expiresAt: Date }>;
  /** Checks signature and expiry. */
  verify(token: string): Promise<TokenClaims | null>;
  /** Checks the signature only: logout must work with an expired token (contract §9.2). */
  verifyIgnoringExpiry(token: string): Promise<TokenClaims | null>;
}

const isClaims = (p: Record<string, unknown>): p is Record<string, unknown> & TokenClaims =>
  typeof p._id === 'string' && typeof p.jti === 'string' && typeof p.exp === 'number' && typeof p.role === 'string';

/** How many verified tokens a process remembers; a busy instance sees far fewer live sessions per token lifetime. */
const verifiedCapacity = 10_000;

export function createTokens(secret: string, ttlSeconds: number): Tokens {
  const key = new TextEncoder().encode(secret);
  // A signature, once checked, stays valid for the token's life: every request of a session sends the
  // same token, so the HMAC is computed once per token and process, not on every request. Expiry is
  // still checked each time, and revocation is the caller's session lookup, as before.
  const verified = new Map<string, TokenClaims>();
  const remember = (token: string, claims: TokenClaims) => {
    if (verified.size >= verifiedCapacity) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
    return claims;
  };
  const live = (claims: TokenClaims) => claims.exp > Math.floor(Date.now() / 1000);
  return {
    async issue(userId, role) {
      const jti = randomBytes(16).toString('hex');
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const token = await new SignJWT({ _id: userId, role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(jti)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, jti, expiresAt };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return live(known) ? known : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return isClaims(payload) ? remember(token, { _id: payload._id, role: payload.role, jti: payload.jti, exp: payload.exp }) : null;
      } catch {
        return null;
      }
    },
    async verifyIgnoringExpiry(token) {
      try {
        const { payload } = await compactVerify(token, key, { algorithms: ['HS256'] });
        const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
        return isClaims(claims) ? { _id: claims._id, role: claims.role, jti: claims.jti, exp: claims.exp } : null;
      } catch {
        return null;
      }
    },
  };
}

/** The raw token from an Authorization header: raw (the existing client) or `Bearer x`; `null` means none. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  if (!value || value === 'null' || value === 'undefined') return null;
  return value;
}
