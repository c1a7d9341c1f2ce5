/**
 * Typo-tolerant, accent-insensitive matching of a search box against a doctor's name and
 * department. Every word typed must match a word of the doctor: exactly, as the start of it (while
 * typing), or within a small number of typos (a letter missing, extra, wrong or two swapped).
 */

/** Lower case, accents and other marks removed, anything that is not a letter or digit a space. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** "Dr." is part of every doctor's name, so it never decides a match. */
const ignoredWords = new Set(['dr', 'doctor']);

export function searchWords(text: string): string[] {
  return foldText(text)
    .split(' ')
    .filter((w) => w && !ignoredWords.has(w));
}

/** How many typos a word of this length may carry and still match. */
export const allowedTypos = (length: number) => (length <= 3 ? 0 : length <= 5 ? 1 : 2);

/**
 * Optimal string alignment distance (Levenshtein plus swapped neighbours), giving up as soon as it
 * exceeds `limit`; names are short, so this costs microseconds.
 */
export function typoDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How well one typed word matches one word of the doctor: 0 is exact, larger is looser, null is no match. */
export function wordScore(typed: string, word: string): number | null {
  if (typed === word) return 0;
  if (typed.length >= 2 && word.startsWith(typed)) return 0.5;
  const limit = allowedTypos(typed.length);
  if (limit === 0) return null;
  const whole = typoDistance(typed, word, limit);
  if (whole <= limit) return whole;
  // A typo in a word still being typed: compare with the start of the doctor's word.
  if (word.length > typed.length && typoDistance(typed, word.slice(0, typed.length), 1) <= 1) return 1.5;
  return null;
}
