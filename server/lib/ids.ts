import { randomFillSync } from 'node:crypto';

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
    const id = seconds + randomHex8();
    if (isSafeId(id)) return id;
  }
}

/**
 * Eight random bytes as hex, cut from a pool filled 4 KiB at a time: asking the generator for eight
 * bytes per id cost more than the insert that used them. Each byte is handed out once.
 */
const pool = Buffer.alloc(4096);
let used = pool.length;
function randomHex8(): string {
  if (used + 8 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 8;
  return pool.toString('hex', used - 8, used);
}

export function isSafeId(id: string): boolean {
  return /^[0-9a-f]{24}$/.test(id) && /[a-df]/.test(id);
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);
}
