import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets kept in the database (two-factor secrets) with AES-256-GCM under
 * DATA_ENCRYPTION_KEY, so a copy of the database alone does not give away anyone's second factor.
 * Stored form: `enc:v1:<iv>:<tag>:<ciphertext>`, each base64url.
 */
const PREFIX = 'enc:v1:';

export interface SecretBox {
  seal(plain: string): string;
  /** The plain secret; a value stored before encryption existed is returned as it is. */
  open(stored: string): string;
  isSealed(stored: string): boolean;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes');
  const isSealed = (stored: string) => stored.startsWith(PREFIX);
  return {
    isSealed,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${data.toString('base64url')}`;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const [iv, tag, data] = stored
        .slice(PREFIX.length)
        .split(':')
        .map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
}

/** A 32-byte key from 64 hex characters or base64 / base64url text; undefined when it is neither. */
export function parseKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const bytes = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
  return bytes.length === 32 ? bytes : undefined;
}
