import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { badRequest } from './errors.js';
import { fairConcurrency } from './concurrency.js';
import { checkHtmlLength, tooDeeplyNested } from './html-shape.js';
import type { HtmlPolicy } from './html.js';

/** What the worker answers (sanitize-worker.mjs): the cleaned text, or that it nests too deeply to clean. */
type CleanedHtml = { html: string } | { tooDeep: true };

export interface Sanitizer {
  /**
   * `html` as it may be stored under `policy`. Checked first for size (`label` names the field in
   * the refusal), then, in a worker thread and never on the event loop, for depth and cleaned.
   * `account` is whose text it is: each account's texts are checked one at a time, in turn with
   * everyone else's.
   */
  clean(html: string, policy: HtmlPolicy, limits: { label: string; maxLength: number; account: string }): Promise<string>;
}

/**
 * Longest a single text may take to clean once a thread has it, before it is refused (time spent
 * waiting in line does not count). A short article takes milliseconds; the largest allowed one,
 * nested 100 deep, about 2.5 s on one core.
 */
const timeoutMs = 10_000;

/**
 * Threads of the pool: at most two, and always one core fewer than the machine has, so hostile
 * texts keeping every thread busy never take the core the event loop (reads, /api/health) runs on.
 */
const threads = Math.min(2, Math.max(1, availableParallelism() - 1));

/**
 * DOMPurify over jsdom is synchronous and can take seconds on hostile input, so it runs in a small
 * pool of worker threads: a slow text delays only itself, /api/health and everyone else stay quick.
 * Texts reach the pool through a fair line (one running text per account, accounts served in
 * turn), so an account sending many slow texts holds one thread at most and never makes anyone
 * else's text wait behind all of them, or run out of time waiting.
 *
 * One pool serves the whole process, started on its first text and kept until the process ends:
 * a thread costs 1-3 s of CPU to start (jsdom, and the TypeScript loader in source runs), and a
 * process running several servers one after another (the server tests) started two threads per
 * server. Piscina unrefs idle threads, so the pool never keeps a stopping process alive.
 */
let processPool: { pool: Piscina; warm: Promise<unknown> } | undefined;

const fairLine = fairConcurrency(threads, 100, 10, 'The server is busy. Please try again in a moment.');

/** The pool, started on first use; the first text waits for a ready thread outside any task's timeout. */
async function sharedPool(): Promise<Piscina> {
  if (!processPool) {
    const pool = new Piscina({
      filename: new URL('./sanitize-worker.mjs', import.meta.url).href,
      // Both threads start with the pool and load jsdom before taking a task: a burst of texts never
      // waits for a thread still starting (seconds on a busy machine) inside its time limit.
      minThreads: threads,
      maxThreads: threads,
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
    async clean(html, policy, { label, maxLength, account }) {
      if (!html) return '';
      checkHtmlLength(html, label, maxLength);
      const pool = await sharedPool();
      let cleaned: CleanedHtml;
      try {
        cleaned = await fairLine(account, () => pool.run({ html, policy }, { signal: AbortSignal.timeout(timeoutMs) }));
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'AbortError' || name === 'TimeoutError') throw badRequest(`${label} took too long to check; please simplify its formatting`);
        if ((error as { statusCode?: number }).statusCode) throw error;
        // DOMPurify refuses some malformed trees outright; that is the text's problem, not the server's.
        throw badRequest(`${label} could not be read as HTML; please simplify its formatting`);
      }
      if ('tooDeep' in cleaned) throw tooDeeplyNested(label);
      return cleaned.html.trim();
    },
  };
}
