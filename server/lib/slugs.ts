import { isUniqueViolation } from './db-errors.js';

/**
 * Turns a title or a name into an address segment: lower case, accents dropped, `%` spelled out,
 * letters and digits of any script kept, everything else collapsed into single hyphens.
 * `fallback` stands in when nothing is left (a title of only punctuation).
 */
export function slugify(text: string, fallback: string, maxLength = 80): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/%/g, '-percent')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** The n-th candidate for a slug that is already taken: base, base-2, base-3, ... */
const candidate = (base: string, attempt: number) => (attempt <= 1 ? base : `${base}-${attempt}`);

/** How many times a lost race on the unique index is retried before the error goes up. */
const maxRaces = 5;

/**
 * Stores a new row under the first free slug of `base`. The check finds the first free number;
 * when two rows with the same base are stored at the same moment, the unique index decides
 * and the loser takes the next free number.
 */
export async function insertWithFreeSlug<T>(
  base: string,
  taken: (slug: string) => Promise<boolean>,
  insert: (slug: string) => Promise<T>,
): Promise<{ slug: string; result: T }> {
  const firstFree = async (from: number) => {
    let attempt = from;
    while (await taken(candidate(base, attempt))) attempt += 1;
    return attempt;
  };
  let attempt = await firstFree(1);
  for (let races = 0; ; races += 1) {
    const slug = candidate(base, attempt);
    try {
      return { slug, result: await insert(slug) };
    } catch (error) {
      if (!isUniqueViolation(error) || races >= maxRaces) throw error;
      attempt = await firstFree(attempt + 1);
    }
  }
}
