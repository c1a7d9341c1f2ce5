import { randomInt } from 'node:crypto';
import { hashSecret } from '../../lib/one-time-tokens.js';

/** Ten single-use codes for when the authenticator is lost; shown once, stored as SHA-256 hashes. */
export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are copied by hand from paper.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Spaces, dashes and case do not matter when a code is typed back. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
export const hashRecoveryCode = (code: string) => hashSecret(normalizeRecoveryCode(code));
export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(code));
