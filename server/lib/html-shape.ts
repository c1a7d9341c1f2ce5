import { badRequest } from './errors.js';

/** Deeper than this, HTML is not an article or a product text but an attempt to stall the parser. */
export const maxHtmlDepth = 100;

// Elements that never hold others, so they never open a level.
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^<>]*?(\/?)>|<!--[\s\S]*?-->/g;

/**
 * How deeply the tags of `html` nest, counted in one linear pass without building a tree:
 * an opening tag goes one level down, a closing tag one up. Tags left open count as nested,
 * as a browser would nest them.
 */
export function htmlDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(tag)) {
    const [, closing, name, selfClosing] = match;
    if (!name || selfClosing || voidElements.has(name.toLowerCase())) continue;
    depth = closing ? Math.max(0, depth - 1) : depth + 1;
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

/**
 * The fast check that runs before any HTML reaches the sanitizer: content over its size limit or
 * nested deeper than 100 levels is refused with a sentence the writer can act on, in microseconds
 * instead of the seconds a full parse of such input would take.
 */
export function checkHtmlShape(html: string, label: string, maxLength: number): void {
  if (html.length > maxLength) throw badRequest(`${label} is too long: at most ${maxLength.toLocaleString('en')} characters`);
  if (htmlDepth(html) > maxHtmlDepth) throw badRequest(`${label} is nested too deeply: at most ${maxHtmlDepth} levels of tags inside each other`);
}
