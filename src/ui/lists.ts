import { isolateAgainst } from '../../shared/bidi-isolate';
import { currentLanguage } from '../i18n';
import { languageInfo } from '../i18n/languages';

const formats = new Map<string, Intl.ListFormat>();

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
  return format.format(items.map((item) => isolateAgainst(item, dir)));
}
