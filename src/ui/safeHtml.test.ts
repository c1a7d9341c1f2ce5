import { describe, expect, it } from 'vitest';
import { safeHtml } from './safeHtml';

describe('safeHtml', () => {
  it("drops link addresses a browser reads as another site's: '/\\evil.com', '\\\\evil.com', tabs inside", () => {
    for (const href of ['/\\evil.com', '\\\\evil.com', '/\t/evil.com', ' /\\evil.com', '\\/evil.com', 'java\tscript:alert(1)'])
      expect(safeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
  });

  it('keeps addresses on this site and on the web, and images with their text alternative', () => {
    expect(safeHtml('<a href="/blog">a</a><a href="https://example.org/a">b</a><a href="#top">c</a>')).toBe(
      '<a href="/blog">a</a><a href="https://example.org/a">b</a><a href="#top">c</a>',
    );
    expect(safeHtml('<img src="/uploads/a.png">')).toBe('<img src="/uploads/a.png" alt="">');
    expect(safeHtml('<a href="guide.html">d</a>')).toBe('<a href="guide.html">d</a>');
    expect(safeHtml('<img src="/\\evil.com/a.png">')).toBe('');
  });
});
