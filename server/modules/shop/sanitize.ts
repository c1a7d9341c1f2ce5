import { sanitizeHtml, type HtmlPolicy } from '../../lib/html.js';
import type { Sanitizer } from '../../lib/sanitizer.js';

/** Product texts are short formatted HTML written by pharmacists: no images, no new-tab links. */
const productPolicy: HtmlPolicy = {
  tags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'h5', 'h6', 'a', 'span', 'div', 'blockquote'],
  attributes: ['href', 'title'],
};

/** The longest product text, in characters of HTML. */
export const maxProductText = 20_000;

/**
 * Shown texts: stored ones were checked and cleaned off the event loop when written (below), so
 * cleaning them again on the way out is quick; it also covers rows written before that check.
 */
export const sanitizeProductHtml = (html: string): string => sanitizeHtml(html, productPolicy);

/** A product text as it may be stored: size and depth checked, cleaned in the sanitizer's worker. */
export const cleanProductHtml = (sanitizer: Sanitizer, html: string, label: string): Promise<string> =>
  sanitizer.clean(html, productPolicy, { label, maxLength: maxProductText });
