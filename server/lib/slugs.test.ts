import { describe, expect, it } from 'vitest';
import { insertWithFreeSlug, slugify } from './slugs.js';

describe('slugs', () => {
  it('turns titles and names into address segments', () => {
    expect(slugify('Crème brûlée: 10 tips!', 'blog')).toBe('creme-brulee-10-tips');
    expect(slugify('Vitamin C 100%', 'product')).toBe('vitamin-c-100-percent');
    expect(slugify('صحة القلب', 'blog')).toBe('صحة-القلب');
    expect(slugify('!!!', 'product')).toBe('product');
  });

  it('takes the first free number, and the next one when it loses a race on the unique index', async () => {
    const stored = new Set(['aspirin', 'aspirin-2']);
    const raced = new Set(['aspirin-3']); // taken by another request between the check and the insert
    const insert = async (slug: string) => {
      if (stored.has(slug) || raced.has(slug)) throw Object.assign(new Error('unique'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
      stored.add(slug);
      return slug.length;
    };
    const taken = async (slug: string) => stored.has(slug);
    expect(await insertWithFreeSlug('aspirin', taken, insert)).toEqual({ slug: 'aspirin-4', result: 9 });
    await expect(
      insertWithFreeSlug('x', taken, async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
  });
});
