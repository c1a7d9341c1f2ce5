import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
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
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());
