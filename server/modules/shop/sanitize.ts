import { sanitizeHtml, type HtmlPolicy } from '../../lib/html.js';

/** Product texts are short formatted HTML written by pharmacists: no images, no new-tab links. */
const productPolicy: HtmlPolicy = {
  tags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'h5', 'h6', 'a', 'span', 'div', 'blockquote'],
  attributes: ['href', 'title'],
};

export const sanitizeProductHtml = (html: string): string => sanitizeHtml(html, productPolicy);
