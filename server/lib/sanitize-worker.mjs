// A worker thread of the sanitizer pool (server/lib/sanitizer.ts). Worker threads do not inherit
// the TypeScript loader the main thread was started with, so it is registered here first.
import { register } from 'tsx/esm/api';

register();
const { sanitizeHtml } = await import('./html.ts');
const { nestsWithinLimit } = await import('./html-shape.ts');
// jsdom is loaded before the thread says it is ready, so no task's time limit pays for it.
sanitizeHtml('<p></p>', { tags: ['p'], attributes: [] });

/** @typedef {{ html: string } | { tooDeep: true }} CleanedHtml */

/**
 * The depth is measured first, by a parse that stops at the limit (milliseconds), so text nested
 * too deeply never reaches jsdom, where it would take seconds.
 * @param {{ html: string, policy: import('./html.ts').HtmlPolicy }} task
 * @returns {CleanedHtml}
 */
export default function sanitize({ html, policy }) {
  if (!nestsWithinLimit(html)) return { tooDeep: true };
  return { html: sanitizeHtml(html, policy) };
}
