import type { HtmlPolicy } from '../../lib/html.js';
import type { Sanitizer } from '../../lib/sanitizer.js';

/** Article HTML as it may be stored: text formatting, headings, lists, quotes, links and images. */
export const articlePolicy: HtmlPolicy = {
  tags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'blockquote',
    'code',
    'pre',
    'hr',
    'img',
    'span',
    'div',
    'figure',
    'figcaption',
  ],
  attributes: ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height'],
};

/** The longest article, in characters of HTML (a long article is about 30,000). */
export const maxContent = 100_000;

/** The stored form of a post's content by `author`, cleaned off the event loop, in turn with other accounts' texts. */
export const sanitizeContent = (sanitizer: Sanitizer, html: string, author: string): Promise<string> =>
  sanitizer.clean(html, articlePolicy, { label: 'The blog content', maxLength: maxContent, account: author });
