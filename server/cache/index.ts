import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { OpenedDatabase } from '../db/index.js';
import type { Write } from '../db/written-rows.js';
import { languageOf } from '../i18n/language.js';
import { connectRedis } from '../lib/redis.js';
import { varyOnLanguage } from '../plugins/language.js';
import type { App } from '../types.js';
import { answerStore, etagOf, TaggedStore, type CachedAnswer, type Tagged } from './store.js';

/**
 * The public answers (catalogue, doctors, blogs, home content) kept serialized in memory, with a
 * strong ETag and 304 on If-None-Match. What a write makes stale is learnt from the database layer
 * (server/db/written-rows.ts): each committed write names its table, and its row when the statement
 * says `id = ...`; the answers filed under those tags are forgotten here at once and, with REDIS_URL,
 * on every other instance through one pub/sub channel.
 */
export interface ResponseCache {
  /** False while an answer from memory could be stale (REDIS_URL set and the invalidation channel down). */
  usable(): boolean;
  readonly store: TaggedStore<CachedAnswer>;
  /**
   * Rows the hottest signed-in paths read on every request (cache/kept-reads.ts): a session's account
   * as the sign-in check reads it, a product as the cart reads it. Kept like the answers and forgotten
   * by any committed write to what they were read from.
   */
  readonly rows: TaggedStore<KeptRow>;
  /** When an entry kept now must expire at the latest (`limitMs` from now, and sooner with several instances). */
  expiresAt(limitMs?: number): number;
  /** Forgets what committed writes make stale, here and on the other instances. */
  forgetWrites(writes: Write[]): void;
  /** Resolves once every invalidation sent so far reached Redis (or failed to). */
  published(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    answers: ResponseCache;
  }
}

/** A row as kept: `value` is what its reader read (its shape is the reader's). */
export interface KeptRow extends Tagged {
  value: unknown;
}

const limits = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 };
/** One entry per live session and product this instance saw, a few hundred bytes each. */
const rowLimits = { maxEntries: 30_000, maxBytes: 30_000 };
/**
 * With several instances an invalidation can be lost in one case the channel cannot see: the writer's
 * own connection to Redis failing while the readers' is up. Answers then live at most this long.
 */
const sharedMaxAgeMs = 30_000;
/** How often each instance checks its invalidation channel end to end. */
const beatIntervalMs = 1_000;

/** Tables whose writes some kept answer or row depends on; writes elsewhere (chat, carts) cost nothing. */
const watchedTables = new Set<string>();
/** Files a table's writes for invalidation: every table a kept answer or row is read from is watched. */
export const watchTable = (table: string) => void watchedTables.add(table);

/** The tags a write makes stale: its table's lists, and its row (or every row, when it names none). */
export const tagsOfWrite = ({ table, row }: Write) => [table, `${table}:${row ?? '*'}`];
/** The tags of an answer that shows one row: forgotten by a write to that row, or to rows unnamed. */
export const rowTags = (table: string, row: string) => [`${table}:${row}`, `${table}:*`];

export default fp(async (app: App, options: { database: OpenedDatabase }) => {
  const store = answerStore(limits);
  const rows = new TaggedStore<KeptRow>(rowLimits);
  const stores = [store, rows];
  const instance = randomBytes(8).toString('hex');
  const inFlight = new Set<Promise<unknown>>();
  let sub: Redis | null = null;
  let pub: Redis | null = null;
  let listening = false;
  let subscribed = false;
  let beatsSent = 0;
  let beatsAnswered = 0;
  const channel = `${app.config.redisPrefix}:answers:forget`;

  if (app.config.redisUrl) {
    // While the channel is down this instance could miss another's invalidation, so it serves
    // nothing from memory (every read goes to the database, as without a cache) rather than guess
    // with a short TTL; once it is subscribed again it starts from an empty store.
    sub = connectRedis(app, app.config.redisUrl, 'cache-subscribe', { autoResubscribe: false, maxRetriesPerRequest: null });
    pub = connectRedis(app, app.config.redisUrl, 'cache-publish');
    const subscriber = sub;
    subscriber.on('ready', () => {
      subscriber.subscribe(channel).then(
        () => {
          subscribed = true;
          channelAnswered();
        },
        (error: unknown) => app.log.warn({ err: error }, 'the answer cache could not subscribe; answers come from the database'),
      );
    });
    subscriber.on('close', () => {
      subscribed = false;
      channelLost();
    });
    subscriber.on('message', (from: string, text: string) => {
      if (from !== channel) return;
      try {
        const message = JSON.parse(text) as { from?: string; tags?: unknown; beat?: unknown };
        if (message.from === instance) {
          if (typeof message.beat === 'number') {
            beatsAnswered = Math.max(beatsAnswered, message.beat);
            channelAnswered();
          }
          return;
        }
        if (!Array.isArray(message.tags)) return;
        const tags = message.tags.filter((t): t is string => typeof t === 'string');
        for (const s of stores) s.invalidate(tags);
      } catch {
        // Not one of ours: anything else on the channel is ignored.
      }
    });
    // A Redis that stops answering keeps its connections open, so no 'close' says the channel is
    // down: each instance sends itself a beat through it, and one not back within the command
    // timeout (or a failed publish) turns the cache off until a beat comes back.
    const beat = setInterval(() => {
      const sent = ++beatsSent;
      void pub?.publish(channel, JSON.stringify({ from: instance, beat: sent })).catch(() => channelLost());
      setTimeout(() => sent > beatsAnswered && channelLost(), app.config.redisCommandTimeoutMs).unref();
    }, beatIntervalMs);
    beat.unref();
    app.addHook('onClose', async () => clearInterval(beat));
  }

  function channelAnswered() {
    if (listening || !subscribed) return;
    for (const s of stores) s.clear();
    listening = true;
  }
  function channelLost() {
    if (!listening) return;
    listening = false;
    for (const s of stores) s.clear();
    app.log.warn('the answer cache lost its invalidation channel; answers come from the database until it is back');
  }

  const cache: ResponseCache = {
    usable: () => !app.config.redisUrl || listening,
    store,
    rows,
    expiresAt: (limitMs = Infinity) => Date.now() + Math.min(limitMs, app.config.redisUrl ? sharedMaxAgeMs : Infinity),
    forgetWrites(writes) {
      const tags = writes.filter((w) => watchedTables.has(w.table)).flatMap(tagsOfWrite);
      if (!tags.length) return;
      for (const s of stores) s.invalidate(tags);
      if (!pub) return;
      const sent = pub.publish(channel, JSON.stringify({ from: instance, tags })).catch((error: unknown) => {
        app.log.warn({ err: error }, 'an invalidation could not reach the other instances; their answers expire within 30 s');
        channelLost();
      });
      inFlight.add(sent);
      void sent.finally(() => inFlight.delete(sent));
    },
    async published() {
      if (inFlight.size) await Promise.all([...inFlight]);
    },
  };
  app.decorate('answers', cache);
  // Chained, so two apps on one database object (as some tests build them) both hear its writes.
  const previous = options.database.reportWrites;
  options.database.reportWrites = (writes) => {
    previous(writes);
    cache.forgetWrites(writes);
  };

  // A write's answer leaves only once its invalidation reached Redis, so the writer's next read,
  // wherever the balancer sends it, finds the other instances told (Redis passes a published
  // message to every subscriber before it answers the publisher). A silent Redis holds it no longer
  // than the command timeout: the publish fails, the channel is marked down, and the other
  // instances' answers expire within `sharedMaxAgeMs`.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await cache.published();
    return payload;
  });
  app.addHook('onClose', async () => {
    await cache.published();
    await Promise.all([sub, pub].map((c) => c?.quit().catch(() => undefined)));
  });
});

export interface CachedRoute {
  /** Every table the answer is read from: a write to any of them forgets it. */
  tables: string[];
  /** The one row the answer shows (its id read from the answer), filed under that row rather than its whole table. */
  row?: { table: string; id: (answer: unknown) => string | undefined };
  /** For answers that depend on the clock (upcoming slots): how long one may be served. */
  maxAgeMs?: number;
  /** True when this request's answer depends on who asks: it is then shared among guests only. */
  dependsOnViewer?: (request: FastifyRequest) => boolean;
  /** The answer is written in the request's language (Accept-Language): one answer is kept per language. */
  byLanguage?: boolean;
}

interface Pending {
  key: string;
  epoch: number;
  rowTags: string[];
}

const pending = new WeakMap<FastifyRequest, Pending>();

/** The query string's parameters sorted, so the same question asked in any order finds one answer. */
function keyOf(request: FastifyRequest): string {
  const mark = request.url.indexOf('?');
  const query =
    mark === -1
      ? ''
      : [...new URLSearchParams(request.url.slice(mark + 1))]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
          .join('&');
  return `${request.routeOptions.url}?${query}`;
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): a W/ prefix does not prevent a match. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.header('content-type', answer.contentType).send(answer.body);
}

/**
 * The hooks that serve a route from the cache: spread into the route's options. A hit answers from
 * onRequest (after the sign-in check, so a viewer who must set up two-factor still gets the 403),
 * skipping validation, handler and serialization; a miss keeps the serialized answer in onSend.
 */
export function cachedRoute(app: App, route: CachedRoute) {
  for (const table of [...route.tables, ...(route.row ? [route.row.table] : [])]) watchTable(table);
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (route.byLanguage) varyOnLanguage(reply);
      if (request.method !== 'GET' || !app.answers.usable()) return;
      if (request.viewer && route.dependsOnViewer?.(request)) return;
      const key = route.byLanguage ? `${keyOf(request)}|${languageOf(request.headers['accept-language'])}` : keyOf(request);
      const answer = app.answers.store.get(key);
      if (answer) return sendAnswer(request, reply, answer);
      pending.set(request, { key, epoch: app.answers.store.epoch, rowTags: [] });
    },
    preSerialization: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const waiting = pending.get(request);
      const id = waiting && route.row && reply.statusCode === 200 ? route.row.id(payload) : undefined;
      if (waiting && route.row) {
        // An answer no write could be traced to is not kept.
        if (id) waiting.rowTags = rowTags(route.row.table, id);
        else pending.delete(request);
      }
      return payload;
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const waiting = pending.get(request);
      if (!waiting || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      pending.delete(request);
      const answer: CachedAnswer = {
        body: payload,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        etag: etagOf(payload),
        tags: [...route.tables, ...waiting.rowTags],
        expiresAt: app.answers.expiresAt(route.maxAgeMs),
      };
      app.answers.store.set(waiting.key, answer, waiting.epoch);
      reply.header('etag', answer.etag).header('cache-control', 'no-cache');
      if (matches(request.headers['if-none-match'], answer.etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    },
  };
}
