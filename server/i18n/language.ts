import type { Language } from '../db/schema.js';

export type { Language };

/** The languages the portal writes to people in; English is the default and the wire contract's own. */
export const languages: readonly Language[] = ['en', 'ar'];

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (languages as readonly string[]).includes(value);

/** A stored value as a language, English for anything unknown (an older row, a typo). */
export const asLanguage = (value: unknown): Language => (isLanguage(value) ? value : 'en');

/**
 * The language of a request from its Accept-Language header: the supported tag with the highest
 * q-value (a region such as ar-EG counts as its language), English when none is supported.
 * Among equal q-values the one listed first wins, as RFC 9110 §12.5.4 intends.
 */
export function languageOf(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return 'en';
  let best: { language: Language; q: number } | undefined;
  for (const part of text.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(language)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? 'en';
}
