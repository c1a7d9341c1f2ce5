/**
 * Turns a title into the path segment of a post: lower case, accents dropped, letters and digits
 * of any script kept, everything else collapsed into single hyphens.
 */
export function slugFromTitle(title: string, maxLength = 80): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || 'blog';
}

/** The n-th candidate for a slug that is already taken: base, base-2, base-3, ... */
export const slugCandidate = (base: string, attempt: number) => (attempt <= 1 ? base : `${base}-${attempt}`);

const junkKeyword = /^(\[object|object\]|null|undefined)$/i;

/**
 * Keywords as people and the existing client send them: separated by whitespace or commas,
 * possibly carrying `[object Object]` for an untouched field. Duplicates (ignoring case) are dropped.
 */
export function parseKeywords(raw: string | undefined, max = 20): string[] {
  if (!raw) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const word of raw.replace(/\[object Object\]/gi, ' ').split(/[\s,]+/)) {
    const keyword = word.trim().slice(0, 50);
    if (!keyword || junkKeyword.test(keyword) || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    out.push(keyword);
    if (out.length === max) break;
  }
  return out;
}
