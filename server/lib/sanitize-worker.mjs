// A worker thread of the sanitizer pool (server/lib/sanitizer.ts). Worker threads do not inherit
// the TypeScript loader the main thread was started with, so it is registered here first.
import { register } from 'tsx/esm/api';

register();
const { sanitizeHtml } = await import('./html.ts');
// jsdom is loaded before the thread says it is ready, so no task's time limit pays for it.
sanitizeHtml('<p></p>', { tags: ['p'], attributes: [] });

/** @param {{ html: string, policy: import('./html.ts').HtmlPolicy }} task */
export default function sanitize({ html, policy }) {
  return sanitizeHtml(html, policy);
}
