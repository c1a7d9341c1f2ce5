import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Product texts are short formatted HTML written by pharmacists: paragraphs, emphasis, lists,
 * headings and links. Scripts, styles, images, frames, handlers and javascript: links never pass.
 */
const allowedTags = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'h5', 'h6', 'a', 'span', 'div', 'blockquote'];
const allowedAttributes = ['href', 'title'];
const safeUrl = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

let purifier: DOMPurify | null = null;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const instance = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  instance.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    const href = element.getAttribute?.('href');
    if (href !== null && href !== undefined && !safeUrl.test(href.trim())) element.removeAttribute('href');
  });
  purifier = instance;
  return instance;
}

export function sanitizeProductHtml(html: string): string {
  if (!html) return '';
  return getPurifier().sanitize(html, { ALLOWED_TAGS: allowedTags, ALLOWED_ATTR: allowedAttributes, ALLOW_DATA_ATTR: false }).trim();
}

/** Visible text only, for alt texts and short summaries. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}
