/**
 * Typo tolerance for the shop search. Full-text search matches whole terms or prefixes only, so each word of
 * the query that no indexed term starts with is replaced by the indexed terms within a small edit
 * distance ("paracetmol" → "paracetamol"). PostgreSQL's full-text search is corrected the same way.
 */

/** Lower-case words without accents, as the FTS5 unicode61 tokenizer (remove_diacritics 2) indexes them. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** How many typos a word of this length may carry: none for very short words. */
export function allowedTypos(word: string): number {
  if (word.length <= 3) return 0;
  return word.length <= 6 ? 1 : 2;
}

/** Optimal string alignment distance (Levenshtein plus swapped neighbours), giving up above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** The closest indexed terms to a word that no term starts with, best first. */
export function closestTerms(word: string, terms: string[], max = 5): string[] {
  const limit = allowedTypos(word);
  if (!limit) return [];
  return terms
    .map((term) => ({ term, distance: Math.min(editDistance(word, term, limit), editDistance(word, term.slice(0, word.length), limit) + 1) }))
    .filter((t) => t.distance <= limit)
    .sort((x, y) => x.distance - y.distance || x.term.length - y.term.length)
    .slice(0, max)
    .map((t) => t.term);
}

/** An FTS5 string literal: the word in double quotes, inner quotes doubled. */
const ftsLiteral = (word: string) => `"${word.replaceAll('"', '""')}"`;

/** A tsquery lexeme: the word in single quotes, with quotes and backslashes escaped. */
const tsLiteral = (word: string) => `'${word.replace(/['\\]/g, (c) => `\\${c}`)}'`;

/**
 * How each database writes a full-text query over its table of indexed terms: FTS5's query syntax
 * over products_fts_vocab on SQLite, a tsquery over product_terms on PostgreSQL.
 */
export const textQuerySpelling = {
  sqlite: {
    vocabulary: 'products_fts_vocab',
    prefix: (word: string) => `${ftsLiteral(word)}*`,
    anyOf: (terms: string[]) => `(${terms.map(ftsLiteral).join(' OR ')})`,
    allOf: (groups: string[]) => groups.join(' AND '),
  },
  postgres: {
    vocabulary: 'product_terms',
    prefix: (word: string) => `${tsLiteral(word)}:*`,
    anyOf: (terms: string[]) => `(${terms.map(tsLiteral).join(' | ')})`,
    allOf: (groups: string[]) => groups.join(' & '),
  },
} as const;
