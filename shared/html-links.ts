/** Addresses stored HTML may keep: web, mail and phone links, paths on this site and anchors. */
const storable = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;
/** An address that names its scheme (`javascript:`, `https:`), as the URL parser finds one. */
const scheme = /^[a-z][a-z0-9+.-]*:/i;
const allowedScheme = /^(?:https?|mailto|tel):/i;

/**
 * An address the way a browser's URL parser reads it: tabs and newlines dropped anywhere, spaces
 * and control characters at both ends, and a backslash taken for a slash. So `/\evil.com`,
 * `\\evil.com` and `/<tab>/evil.com` all read `//evil.com` (another site), and `java<tab>script:`
 * reads `javascript:`.
 */
function asRead(address: string): string {
  return (
    address
      .replace(/[\t\n\r]/g, '')
      // eslint-disable-next-line no-control-regex -- the URL parser strips exactly these at both ends
      .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
      .replace(/\\/g, '/')
  );
}

/** Whether stored HTML may keep this link or image address (the server's sanitizer). */
export const isStorableAddress = (address: string): boolean => storable.test(asRead(address));

/**
 * Whether HTML shown by the web app may keep this address: one on this site (relative paths too,
 * as texts stored before the server's rule may hold) or with a web, mail or phone scheme; never
 * another site's address disguised as a path, nor any other scheme.
 */
export function isShowableAddress(address: string): boolean {
  const read = asRead(address);
  if (scheme.test(read)) return allowedScheme.test(read);
  return !read.startsWith('//');
}

/**
 * Removes the `href` and `src` of an element that `allowed` refuses. Run by the server's sanitizer
 * on what is stored (isStorableAddress) and by the web app's on what it shows (isShowableAddress,
 * for texts stored before the rule). Meant for DOMPurify's afterSanitizeAttributes hook.
 */
export function tidyAddresses(node: Element, allowed: (address: string) => boolean): void {
  for (const attribute of ['href', 'src']) {
    const value = node.getAttribute?.(attribute);
    if (value !== null && value !== undefined && !allowed(value)) node.removeAttribute(attribute);
  }
}
