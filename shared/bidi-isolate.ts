/**
 * Text of one direction put inside a sentence of the other (an English reason in an Arabic
 * message, an Arabic name in an English one) is isolated, as <bdi> would: otherwise the Unicode
 * bidirectional algorithm lets it mix with the words around it, and an English reason on the Arabic
 * site ("رفضته الصيدلية: Out of stock.") shows its full stop at the sentence's start. Used by the
 * SPA's translations (src/i18n/isolate.ts) and the server's Arabic messages (server/i18n/translate.ts).
 */

// Scripts written right to left; their letters are the "strong" right-to-left characters of the
// bidirectional algorithm (their digits are not letters and stay out).
const rtlScripts = '\\p{Script=Arabic}\\p{Script=Hebrew}\\p{Script=Syriac}\\p{Script=Thaana}\\p{Script=Nko}';
const rtlLetter = new RegExp(`(?=\\p{L})[${rtlScripts}]`, 'u');
const ltrLetter = new RegExp(`(?![${rtlScripts}])\\p{L}`, 'u');

/** FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: the text takes the direction of its own first letter. */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/**
 * The text isolated when it holds a letter written in the other direction than the sentence around
 * it; left exactly as it is otherwise (same direction, digits, punctuation), where nothing can go wrong.
 */
export function isolateAgainst(text: string, sentenceDirection: 'ltr' | 'rtl'): string {
  return (sentenceDirection === 'rtl' ? ltrLetter : rtlLetter).test(text) ? isolate(text) : text;
}
