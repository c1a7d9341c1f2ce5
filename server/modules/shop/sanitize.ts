import type { HtmlPolicy } from '../../lib/html.js';
import type { Sanitizer } from '../../lib/sanitizer.js';

/** Product texts are short formatted HTML written by pharmacists: no images, no new-tab links. */
export const productPolicy: HtmlPolicy = {
  tags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'h5', 'h6', 'a', 'span', 'div', 'blockquote'],
  attributes: ['href', 'title'],
};

/** The longest product text, in characters of HTML. */
export const maxProductText = 20_000;

/**
 * A product text as it may be stored: size and depth checked, cleaned in the sanitizer's worker, in
 * turn with other accounts' texts. Texts are cleaned only here, when written, never when shown: a
 * page read by guests must not parse HTML (stored rows from before were cleaned once by the
 * migration 2026-12-07-100-clean-stored-html).
 */
export const cleanProductHtml = (sanitizer: Sanitizer, html: string, label: string, owner: string): Promise<string> =>
  sanitizer.clean(html, productPolicy, { label, maxLength: maxProductText, account: owner });
