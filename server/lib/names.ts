import { problem } from './errors.js';

/**
 * Names that cannot impersonate. A name is normalized before it is stored, compared or shown:
 * Unicode NFKC (full-width and ligature forms become plain letters), invisible and bidirectional
 * control characters removed, runs of whitespace collapsed to one space. Names that mix the
 * look-alike scripts (Latin, Cyrillic, Greek: "Hаssan" with a Cyrillic "а") are refused; Arabic
 * next to Latin is an ordinary Egyptian name and stays allowed.
 */

// Format characters (zero-width space and joiners, bidi embeddings, overrides and isolates, BOM,
// soft hyphen) and control characters: nothing a person means to type in a name.
const invisible = /[\p{Cf}\p{Cc}]/gu;
const lookAlikeScripts: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
];

export function normalizeName(raw: string): string {
  return raw.normalize('NFKC').replace(invisible, '').replace(/\s+/gu, ' ').trim();
}

/** What is wrong with a name that mixes scripts whose letters look alike; undefined when it does not. */
export function mixedScriptsProblem(name: string): string | undefined {
  const used = lookAlikeScripts.filter(([, pattern]) => pattern.test(name)).map(([script]) => script);
  return used.length > 1 ? problem(`The name mixes ${used.join(' and ')} letters; please write it in one alphabet`) : undefined;
}

/**
 * The form two names are compared in: case, accents, punctuation, spacing and a leading "Dr."
 * do not make a name different ("Dr.  Ahmed Hassan" meets "dr ahmed hassan").
 */
export function nameKey(name: string): string {
  return normalizeName(name)
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/^dr\b\.?/u, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * A professional's name as stored: without a leading title ("Dr.", "Dr", "د."), which every screen
 * and mail adds itself in the reader's language, so no name ever reads "Dr. Dr. …".
 */
export function withoutTitle(name: string): string {
  let out = name.trim();
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/^(?:dr\.|dr(?=\s)|د\.)\s*/iu, '');
  }
  return out;
}

/** A doctor's name as a mail or notification says it: the title once, in the reader's language ("Dr. Ahmed Hassan", "د. Ahmed Hassan"). */
export function doctorTitled(name: string, language: 'en' | 'ar' = 'en'): string {
  return `${language === 'ar' ? 'د.' : 'Dr.'} ${withoutTitle(name)}`;
}
