import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Article HTML as it may be stored: text formatting, headings, lists, quotes, links and images.
 * Scripts, styles, forms, frames, event handlers and javascript: addresses never survive.
 */
const allowedTags = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre', 'hr', 'img', 'span', 'div', 'figure', 'figcaption'];
const allowedAttributes = ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height'];
const safeUrl = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

let purifier: DOMPurify | null = null;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const instance = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  instance.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    for (const attribute of ['href', 'src']) {
      const value = element.getAttribute?.(attribute);
      if (value !== null && value !== undefined && !safeUrl.test(value.trim())) element.removeAttribute(attribute);
    }
    // Links that open a new tab must not hand the opener to the other site.
    if (element.tagName === 'A' && element.getAttribute('target')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/** The stored form of a post's content. */
export function sanitizeContent(html: string): string {
  return getPurifier().sanitize(html, { ALLOWED_TAGS: allowedTags, ALLOWED_ATTR: allowedAttributes, ALLOW_DATA_ATTR: false }).trim();
}

/** The visible text of some HTML, for checking that a post says something. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
