import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Addresses that work without an Authorization header, for what an `<img>` loads (a lab result):
 * the address carries who may open it and until when, signed with the server's secret (HMAC-SHA256
 * over the purpose, the object's id, the viewer's id and the expiry). Changing any part breaks the
 * signature; the route still applies its access rule to the viewer it names.
 */
export interface AddressSigner {
  /** The query string (`v=…&exp=…&sig=…`) that lets `viewerId` open `objectId` for `ttlSeconds`. */
  sign(objectId: string, viewerId: string, ttlSeconds: number, now?: number): string;
  /** The viewer a signed query names, `expired`, or `invalid` when the signature does not match. */
  verify(objectId: string, query: { v?: string; exp?: string; sig?: string }, now?: number): { viewerId: string } | 'expired' | 'invalid';
}

export function createAddressSigner(secret: string, purpose: string): AddressSigner {
  const mac = (objectId: string, viewerId: string, exp: string) =>
    createHmac('sha256', secret).update(`${purpose}\n${objectId}\n${viewerId}\n${exp}`).digest('base64url');
  return {
    sign(objectId, viewerId, ttlSeconds, now = Date.now()) {
      const exp = String(Math.floor(now / 1000) + ttlSeconds);
      return `v=${encodeURIComponent(viewerId)}&exp=${exp}&sig=${mac(objectId, viewerId, exp)}`;
    },
    verify(objectId, query, now = Date.now()) {
      const { v = '', exp = '', sig = '' } = query;
      if (!v || !/^\d{1,12}$/.test(exp) || !sig) return 'invalid';
      const expected = Buffer.from(mac(objectId, v, exp));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      if (Number(exp) * 1000 <= now) return 'expired';
      return { viewerId: v };
    },
  };
}
