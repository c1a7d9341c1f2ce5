import { Piscina } from 'piscina';
import { HttpError, badRequest } from './errors.js';
import { checkHtmlShape } from './html-shape.js';
import type { HtmlPolicy } from './html.js';

export interface Sanitizer {
  /**
   * `html` as it may be stored under `policy`. Checked first for size and depth (`label` names
   * the field in the refusal), then cleaned in a worker thread, never on the event loop.
   */
  clean(html: string, policy: HtmlPolicy, limits: { label: string; maxLength: number }): Promise<string>;
}

/**
 * Longest a single text may take to clean before it is refused. A short article takes milliseconds;
 * the largest allowed one, nested 100 deep, about 2.5 s on one core.
 */
const timeoutMs = 10_000;

/**
 * DOMPurify over jsdom is synchronous and can take seconds on hostile input, so it runs in a small
 * pool of worker threads: a slow text delays only itself, /api/health and everyone else stay quick.
 * The pool is one or two threads (the machine has few cores for many requests) and a bounded line.
 *
 * One pool serves the whole process, started on its first text and kept until the process ends:
 * a thread costs 1-3 s of CPU to start (jsdom, and the TypeScript loader in source runs), and a
 * process running several servers one after another (the server tests) started two threads per
 * server. Piscina unrefs idle threads, so the pool never keeps a stopping process alive.
 */
let processPool: { pool: Piscina; warm: Promise<unknown> } | undefined;

/** The pool, started on first use; the first text waits for a ready thread outside any task's timeout. */
async function sharedPool(): Promise<Piscina> {
  if (!processPool) {
    const pool = new Piscina({
      filename: new URL('./sanitize-worker.mjs', import.meta.url).href,
      // Both threads start with the pool and load jsdom before taking a task: a burst of texts never
      // waits for a thread still starting (seconds on a busy machine) inside its time limit.
      minThreads: 2,
      maxThreads: 2,
      maxQueue: 100,
      idleTimeout: 60_000,
    });
    const started = { pool, warm: pool.run({ html: '<p></p>', policy: { tags: ['p'], attributes: [] } }) };
    processPool = started;
    // A pool whose threads could not start is dropped, so the next text tries a new one.
    started.warm.catch(() => {
      if (processPool === started) processPool = undefined;
      void pool.destroy();
    });
  }
  await processPool.warm;
  return processPool.pool;
}

export function createSanitizer(): Sanitizer {
  return {
    async clean(html, policy, { label, maxLength }) {
      if (!html) return '';
      checkHtmlShape(html, label, maxLength);
      try {
        const clean: string = await (await sharedPool()).run({ html, policy }, { signal: AbortSignal.timeout(timeoutMs) });
        return clean.trim();
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'AbortError' || name === 'TimeoutError') throw badRequest(`${label} took too long to check; please simplify its formatting`);
        if (/queue is at limit/i.test((error as Error).message)) throw new HttpError(503, 'The server is busy. Please try again in a moment.');
        // DOMPurify refuses some malformed trees outright; that is the text's problem, not the server's.
        throw badRequest(`${label} could not be read as HTML; please simplify its formatting`);
      }
    },
  };
}
