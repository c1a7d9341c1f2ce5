import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { tidyImage } from '../../shared/html-images';
import { tidyAddresses } from '../../shared/html-links';

let purifier: Purifier | null = null;

/**
 * HTML from the server made safe to show: DOMPurify's defaults, plus the address and image rules the
 * server's sanitizer applies (shared/html-links.ts, shared/html-images.ts), for texts stored before
 * those rules. An instance of its
 * own, so the rule is added once and no other DOMPurify user inherits it.
 */
export function safeHtml(html: string): string {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      tidyAddresses(node as Element);
      tidyImage(node as Element);
    });
  }
  return purifier.sanitize(html);
}
