import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokens } from '../../server/lib/tokens.js';

/**
 * Session tokens: a signature checked once is remembered for the token's life (every request of a
 * session sends the same token), so what the memory must never change is the answer: an expired
 * token is refused even after it was accepted, and a forged one never borrows a genuine one's check.
 */
describe('session tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses a token once it has expired, although it was accepted before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
    const tokens = createTokens('a-secret-long-enough-for-hs256-signing', 60);
    const { token, jti } = await tokens.issue('user-1', 'patient');
    expect(await tokens.verify(token)).toMatchObject({ _id: 'user-1', role: 'patient', jti });
    vi.setSystemTime(new Date('2026-11-28T10:00:59Z'));
    expect(await tokens.verify(token)).toMatchObject({ jti });
    vi.setSystemTime(new Date('2026-11-28T10:01:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    // Logout still reads an expired token's session (contract §9.2).
    expect(await tokens.verifyIgnoringExpiry(token)).toMatchObject({ jti });
  });

  it('never accepts a changed token, whether or not the genuine one was accepted first', async () => {
    const tokens = createTokens('a-secret-long-enough-for-hs256-signing', 3600);
    const { token } = await tokens.issue('user-1', 'patient');
    const [header, payload, signature] = token.split('.');
    const otherSignature = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const claimsOf = (p: string) => JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const asAdmin = Buffer.from(JSON.stringify({ ...claimsOf(payload), role: 'admin' })).toString('base64url');

    expect(await tokens.verify(`${header}.${payload}.${otherSignature}`)).toBeNull();
    expect(await tokens.verify(token)).not.toBeNull();
    expect(await tokens.verify(`${header}.${payload}.${otherSignature}`)).toBeNull();
    expect(await tokens.verify(`${header}.${asAdmin}.${signature}`)).toBeNull();
  });

  it('does not accept a token signed with another secret (another deployment)', async () => {
    const ours = createTokens('a-secret-long-enough-for-hs256-signing', 3600);
    const theirs = createTokens('another-secret-long-enough-for-hs256', 3600);
    const { token } = await theirs.issue('user-1', 'admin');
    expect(await theirs.verify(token)).not.toBeNull();
    expect(await ours.verify(token)).toBeNull();
  });
});
