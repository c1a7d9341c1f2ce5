/** The languages the server answers in; English is the default and the wire contract's own. */
export type ServerLanguage = 'en' | 'ar';

const supported: readonly ServerLanguage[] = ['en', 'ar'];

/**
 * The language of a request from its Accept-Language header: the supported tag with the highest
 * q-value (a region such as ar-EG counts as its language), English when none is supported.
 * Among equal q-values the one listed first wins, as RFC 9110 §12.5.4 intends.
 */
export function languageOf(header: string | string[] | undefined): ServerLanguage {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return 'en';
  let best: { language: ServerLanguage; q: number } | undefined;
  for (const part of text.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0] as ServerLanguage;
    if (!supported.includes(language)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? 'en';
}
