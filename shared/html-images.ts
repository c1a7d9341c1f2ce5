/**
 * What an image in stored HTML must have once its address was checked: an image left without an
 * address shows nothing but a broken frame and has nothing to name, so it goes; one without a text
 * alternative is marked decorative (alt=""), so a screen reader skips it instead of reading its file
 * name. Run by the server's sanitizer on what is stored and by the web app's on what it shows (posts
 * stored before this rule). Meant for DOMPurify's afterSanitizeAttributes hook.
 */
export function tidyImage(node: Element): void {
  if (node.nodeName !== 'IMG') return;
  if (!node.getAttribute('src')?.trim()) {
    node.remove();
    return;
  }
  if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
}
