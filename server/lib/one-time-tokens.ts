import { createHash, randomBytes } from 'node:crypto';

/** A secret for a one-time link or step: 256 random bits, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** What the database keeps of a secret: its SHA-256, so a copy of the database holds no usable link. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
