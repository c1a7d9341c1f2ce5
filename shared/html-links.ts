/** Addresses a stored link or image may point at; javascript:, data: and protocol-relative ones never. */
const safeAddress = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

/**
 * Whether a link or image address is one stored HTML may keep, read the way a browser reads it: the
 * URL parser drops tabs and newlines anywhere and spaces and control characters at both ends, and
 * takes a backslash for a slash, so `/\evil.com`, `\\evil.com` and `/<tab>/evil.com` all lead to
 * evil.com as `//evil.com` would, and `java<tab>script:` is `javascript:`.
 */
export function isSafeAddress(address: string): boolean {
  const asRead = address
    .replace(/[\t\n\r]/g, '')
    // The URL parser strips C0 control characters and spaces at both ends.
    // eslint-disable-next-line no-control-regex
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/\\/g, '/');
  return safeAddress.test(asRead);
}

/**
 * Removes the `href` and `src` of an element that point where stored HTML may not. Run by the
 * server's sanitizer on what is stored and by the web app's on what it shows (texts stored before
 * this rule). Meant for DOMPurify's afterSanitizeAttributes hook.
 */
export function tidyAddresses(node: Element): void {
  for (const attribute of ['href', 'src']) {
    const value = node.getAttribute?.(attribute);
    if (value !== null && value !== undefined && !isSafeAddress(value)) node.removeAttribute(attribute);
  }
}
