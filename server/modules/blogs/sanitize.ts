import { sanitizeHtml, type HtmlPolicy } from '../../lib/html.js';

/** Article HTML as it may be stored: text formatting, headings, lists, quotes, links and images. */
const articlePolicy: HtmlPolicy = {
  tags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre', 'hr', 'img', 'span', 'div', 'figure', 'figcaption'],
  attributes: ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height'],
};

/** The stored form of a post's content. */
export const sanitizeContent = (html: string): string => sanitizeHtml(html, articlePolicy);
