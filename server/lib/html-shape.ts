import { defaultTreeAdapter, parse, type DefaultTreeAdapterMap, type TreeAdapter } from 'parse5';
import { HttpError, badRequest } from './errors.js';

/** Deeper than this, HTML is not an article or a product text but an attempt to stall the parser. */
export const maxHtmlDepth = 100;

type Node = DefaultTreeAdapterMap['node'];

/** Stops the parse as soon as the answer is known: the text is deeper than the limit. */
class TooDeep extends Error {}

/** The document's <html> and <body> are on the parser's stack of open elements before any text's own tag. */
const documentLevels = 2;

/**
 * How deeply the elements of `html` nest in the tree an HTML parser builds from it (an element
 * directly in <body> is level 1), or `stopAbove + 1` once it is known to go deeper than `stopAbove`.
 *
 * It runs the standard's own parser (parse5, the one jsdom uses), so every trick counts as a browser
 * counts it: `<div/>` opens a level like `<div>`, tables add the rows and sections they imply,
 * formatting tags reopen after a misnested close, attribute values may hide `<` and `>`. Of the
 * stack of open elements and the finished tree, the deeper one counts (misnested formatting and
 * tables can make either outgrow the other). The parse stops as soon as the stack passes the limit,
 * so every step of it walks at most `stopAbove` elements: a hostile 100 kB text is answered in
 * milliseconds, never in the seconds a full parse and sanitize of it would take.
 */
export function htmlDepth(html: string, stopAbove = Number.MAX_SAFE_INTEGER): number {
  let open = 0;
  let deepestOpen = 0;
  const counting: TreeAdapter<DefaultTreeAdapterMap> = {
    ...defaultTreeAdapter,
    onItemPush() {
      open += 1;
      if (open - documentLevels > deepestOpen) deepestOpen = open - documentLevels;
      if (deepestOpen > stopAbove) throw new TooDeep();
    },
    onItemPop() {
      open -= 1;
    },
  };
  let document;
  try {
    // Scripting off, as for DOMParser and DOMPurify: <noscript> then holds elements, not text.
    document = parse(html, { treeAdapter: counting, scriptingEnabled: false });
  } catch (error) {
    if (error instanceof TooDeep) return stopAbove + 1;
    throw error;
  }
  return Math.min(Math.max(deepestOpen, treeDepth(document) - documentLevels), stopAbove + 1);
}

/** The deepest element of a parsed document (<html> is level 1), template contents included, without recursion. */
function treeDepth(root: Node): number {
  let deepest = 0;
  const pending: [Node, number][] = [[root, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (depth > deepest) deepest = depth;
    const children = 'childNodes' in node ? node.childNodes : [];
    for (const child of children) if ('tagName' in child) pending.push([child, depth + 1]);
    if ('content' in node && node.content) for (const child of node.content.childNodes) if ('tagName' in child) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** The refusal of a text nested deeper than the limit; `label` names the field. */
export const tooDeeplyNested = (label: string): HttpError =>
  badRequest(`${label} is nested too deeply: at most ${maxHtmlDepth} levels of tags inside each other`);

/** Content over its size limit is refused at once, with a sentence the writer can act on. */
export function checkHtmlLength(html: string, label: string, maxLength: number): void {
  if (html.length > maxLength) throw badRequest(`${label} is too long: at most ${maxLength.toLocaleString('en')} characters`);
}

/** Whether `html` nests within the limit, as a parser would build it. */
export const nestsWithinLimit = (html: string): boolean => htmlDepth(html, maxHtmlDepth) <= maxHtmlDepth;
