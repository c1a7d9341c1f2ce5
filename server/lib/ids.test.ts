import { describe, expect, it } from 'vitest';
import { isSafeId, newId } from './ids.js';

describe('newId', () => {
  it('makes distinct ids of 24 hex characters, never a JSON number, across several refills of its random pool', () => {
    const ids = Array.from({ length: 5_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(isSafeId(id), id).toBe(true);
    // The random part differs even between ids of the same second.
    expect(new Set(ids.map((id) => id.slice(8))).size).toBe(ids.length);
  });
});
