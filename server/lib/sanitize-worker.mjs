// A worker thread of the sanitizer pool (server/lib/sanitizer.ts). Worker threads do not inherit
// the TypeScript loader the main thread was started with, so it is registered here first.
import { setPriority } from 'node:os';
import { register } from 'tsx/esm/api';

register();
// Cleaning is background work: on Linux a thread's priority is its own, so this thread yields the
// CPU to the event loop (reads, /api/health) whenever both want it. Elsewhere it may apply to the
// whole process or be refused, so it is only done where it is per thread.
if (process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    // Not allowed here: the thread runs at normal priority.
  }
}
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
