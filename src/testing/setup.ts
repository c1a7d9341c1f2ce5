import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import Swal from 'sweetalert2';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './server';

// findBy… and waitFor wait up to 4 s: the lazily loaded chunks a page pulls in (the carousel, the editor)
// take over a second to import on a busy machine. A wait bound only; what is asserted stays the same.
configure({ asyncUtilTimeout: 4000 });

// sweetalert2 reads the colour scheme, and jsdom has no matchMedia: a query that never matches lets
// real popups render into the document where tests can read them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The blog editor (ProseMirror) measures the caret to scroll it into view, and jsdom has no layout:
// empty measurements let typing and toolbar commands run as they do in a browser.
const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
for (const proto of [Range.prototype, Element.prototype] as { getClientRects?: () => DOMRectList }[]) proto.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
if (!document.elementFromPoint) document.elementFromPoint = () => null;

// axios in jsdom needs absolute URLs; the SPA's relative '/api/' resolves against this origin.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  removeLeftovers();
  server.resetHandlers();
  window.localStorage.clear();
});

/**
 * The test files of a worker share one document (the project runs with `isolate: false`), so what a
 * test leaves outside React's root goes too: a popup sweetalert2 put in the body, and its classes on
 * <html> and <body>. Otherwise the next file would find another file's dialog on its screen.
 */
function removeLeftovers() {
  if (Swal.isVisible()) Swal.close();
  document.body.replaceChildren();
  document.body.removeAttribute('class');
  document.body.removeAttribute('style');
  document.body.removeAttribute('aria-hidden');
  document.documentElement.classList.remove('swal2-shown', 'swal2-height-auto', 'swal2-no-backdrop', 'swal2-toast-shown');
}
afterAll(async () => {
  // A page that signed someone in may have started the chat connection; it would keep reconnecting
  // into the next file's mock server.
  (await import('../api/socket')).chatSocket.stop();
  server.close();
  // The next file of this worker imports the SPA's modules afresh, so a module one file replaced with
  // vi.mock is not what the next file's pages hold; libraries (React, Redux, jsdom's set-up) stay loaded.
  vi.resetModules();
});
