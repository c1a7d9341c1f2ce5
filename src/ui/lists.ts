import { isolateAgainst } from '../../shared/bidi-isolate';
import { currentLanguage } from '../i18n';
import { languageInfo } from '../i18n/languages';

const formats = new Map<string, Intl.ListFormat>();
/** U+2068, which opens a value isolateAgainst wrapped. */
const firstStrongIsolate = '\u2068';

/**
 * Names joined as the language shown joins them: "A, B and C" in English, "أ وب وج" in Arabic. Each
 * name written in the other direction is isolated (shared/bidi-isolate.ts), so in a right-to-left
 * sentence every English name stays whole and the first one stands rightmost.
 */
export function listOf(items: readonly string[]): string {
  const { locale, dir } = languageInfo(currentLanguage());
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'conjunction' });
    formats.set(locale, format);
  }
  const parts = format.formatToParts(items.map((item) => isolateAgainst(item, dir)));
  // Arabic writes "و" (and) joined to the word after it; before an isolated English name it cannot
  // join, and without a space it would read as part of the name ("وPanadol").
  return parts
    .map((part, i) =>
      part.type === 'literal' && part.value.endsWith('و') && parts[i + 1]?.value.startsWith(firstStrongIsolate) ? `${part.value} ` : part.value,
    )
    .join('');
}
