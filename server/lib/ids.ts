import { randomBytes } from 'node:crypto';

/**
 * Ids look like Mongo ObjectIds: 24 lowercase hex characters. The existing client JSON-parses
 * what it reads back from storage, so an id must never be a valid JSON number: we require a
 * hex letter other than a lone `e`.
 */
export function newId(): string {
  for (;;) {
    const seconds = Math.floor(Date.now() / 1000)
      .toString(16)
      .padStart(8, '0');
    const id = seconds + randomBytes(8).toString('hex');
    if (isSafeId(id)) return id;
  }
}

export function isSafeId(id: string): boolean {
  return /^[0-9a-f]{24}$/.test(id) && /[a-df]/.test(id);
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);
}
