import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { tidyImage } from '../../shared/html-images';
import { isShowableAddress, tidyAddresses } from '../../shared/html-links';

let purifier: Purifier | null = null;

/**
 * HTML from the server made safe to show: DOMPurify's defaults, plus the address rule (no other
 * site's address disguised as a path, such as `/\evil.com`; shared/html-links.ts) and the image rule
 * the server's sanitizer applies (shared/html-images.ts), for texts stored before those rules. An instance of its
 * own, so the rule is added once and no other DOMPurify user inherits it.
 */
export function safeHtml(html: string): string {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      tidyAddresses(node as Element, isShowableAddress);
      tidyImage(node as Element);
    });
  }
  return purifier.sanitize(html);
}
