import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { tidyImage } from '../../shared/html-images.js';
import { isStorableAddress, tidyAddresses } from '../../shared/html-links.js';

/**
 * jsdom takes about a second to load, and a server that never cleans a product text or an
 * article does not need it; it is loaded (synchronously, it is CommonJS) on the first text to clean.
 */
const loadJsdom = () => createRequire(import.meta.url)('jsdom') as typeof import('jsdom');

let purifier: DOMPurify | null = null;

/** One DOMPurify over one jsdom window for the whole process: building a window is the slow part. */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const { window } = new (loadJsdom().JSDOM)('');
  const instance = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  instance.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    tidyAddresses(element, isStorableAddress);
    // Links that open a new tab must not hand the opener to the other site.
    if (element.tagName === 'A' && element.getAttribute('target')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
    tidyImage(element);
  });
  purifier = instance;
  return instance;
}

export interface HtmlPolicy {
  tags: string[];
  attributes: string[];
}

/**
 * HTML as it may be stored: only the policy's tags and attributes survive; scripts, styles, event
 * handlers and unsafe addresses never do, whatever the policy says.
 */
export function sanitizeHtml(html: string, policy: HtmlPolicy): string {
  if (!html) return '';
  return getPurifier().sanitize(html, { ALLOWED_TAGS: policy.tags, ALLOWED_ATTR: policy.attributes, ALLOW_DATA_ATTR: false }).trim();
}
