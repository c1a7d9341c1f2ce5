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

export function createTokens(secret: string, ttlSeconds: number): Tokens {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return isClaims(payload) ? { _id: payload._id, role: payload.role, jti: payload.jti, exp: payload.exp } : null;
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
