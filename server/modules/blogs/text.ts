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
