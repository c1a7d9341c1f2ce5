/**
 * Text of one direction put inside a sentence of the other (an English reason in an Arabic
 * message, an Arabic name in an English one) is isolated, as <bdi> would: otherwise the Unicode
 * bidirectional algorithm lets it mix with the words around it, and an English reason on the Arabic
 * site ("رفضته الصيدلية: Out of stock.") shows its full stop at the sentence's start. Used by the
 * SPA's translations (src/i18n/isolate.ts), the server's Arabic messages (server/i18n/translate.ts)
 * and the Arabic notifications and emails it words (rtlSentence, rtlList).
 */

// Scripts written right to left; their letters are the "strong" right-to-left characters of the
// bidirectional algorithm (their digits are not letters and stay out).
const rtlScripts = '\\p{Script=Arabic}\\p{Script=Hebrew}\\p{Script=Syriac}\\p{Script=Thaana}\\p{Script=Nko}';
const rtlLetter = new RegExp(`(?=\\p{L})[${rtlScripts}]`, 'u');
// Latin and other left-to-right letters; and digits 0–9, which after Arabic letters count as Arabic
// numbers and let a sign beside them change sides ("$12.00" shows as "12.00$"): a price, a code or
// a time written the English way is isolated as well. Arabic-Indic digits are the sentence's own.
const ltrInRtl = new RegExp(`(?![${rtlScripts}])\\p{L}|[0-9]`, 'u');

const isolatedPart = /\u2068[^\u2068\u2069]*\u2069/g;

/** FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: the text takes the direction of its own first letter. */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/**
 * The text isolated when it holds a letter written in the other direction than the sentence around
 * it (or, in a right-to-left sentence, digits 0–9); left exactly as it is otherwise (same
 * direction, punctuation, the sentence's own digits), where nothing can go wrong.
 */
export function isolateAgainst(text: string, sentenceDirection: 'ltr' | 'rtl'): string {
  // Parts already isolated inside it (a name in a sentence put in another) keep to themselves.
  const own = text.replace(isolatedPart, '');
  return (sentenceDirection === 'rtl' ? ltrInRtl : rtlLetter).test(own) ? isolate(text) : text;
}

// A web or email address, which mail programs turn into a link from the text around it: marks
// beside it would be taken into the link, so it stays as it is (a lone address reads the same anyway).
const address = /^(?:https?:\/\/\S+|[^\s@]+@[^\s@]+)$/;

/**
 * A tag for the Arabic sentences the server writes (notifications, emails, slot descriptions):
 * rtlSentence`السبب: ${reason}` isolates each value that holds Latin letters or digits, addresses excepted.
 */
export function rtlSentence(strings: TemplateStringsArray, ...values: unknown[]): string {
  let sentence = strings[0] ?? '';
  values.forEach((value, i) => {
    const text = String(value);
    sentence += (address.test(text) ? text : isolateAgainst(text, 'rtl')) + (strings[i + 1] ?? '');
  });
  return sentence;
}

/** Items of a list in an Arabic sentence, each isolated, so the first item stands rightmost as an Arabic reader expects. */
export const rtlList = (items: readonly string[]): string => items.map((item) => isolateAgainst(item, 'rtl')).join('، ');
