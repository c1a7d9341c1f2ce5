import { createHash } from 'node:crypto';

/** One serialized answer, ready to send as it is. */
export interface CachedAnswer {
  body: string;
  contentType: string;
  /** Strong: a hash of the exact bytes, so equal bodies on every instance carry the same tag. */
  etag: string;
  tags: string[];
  expiresAt: number;
}

export interface StoreLimits {
  maxEntries: number;
  maxBytes: number;
}

/**
 * Answers by key, least recently used evicted first when either limit is passed, each filed under
 * the tags it depends on so a write forgets exactly those. `epoch` moves on every invalidation: an
 * answer computed while one happened may hold what was just overwritten, so it is not kept
 * (see `set`), which closes the race between a slow read and a write that commits meanwhile.
 */
export class AnswerStore {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly byTag = new Map<string, Set<string>>();
  private bytes = 0;
  epoch = 0;

  constructor(private readonly limits: StoreLimits) {}

  get size() {
    return this.entries.size;
  }

  get(key: string, now = Date.now()): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.remove(key);
      return undefined;
    }
    // Most recently used last, so the first key is always the one to evict.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps an answer unless an invalidation happened since `epochAtStart` (the read may be older than it). */
  set(key: string, answer: Omit<CachedAnswer, 'etag'>, epochAtStart: number): CachedAnswer {
    const entry = { ...answer, etag: etagOf(answer.body) };
    if (epochAtStart !== this.epoch || answer.body.length > this.limits.maxBytes) return entry;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      this.remove(this.entries.keys().next().value as string);
    }
    return entry;
  }

  invalidate(tags: Iterable<string>) {
    this.epoch++;
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.remove(key);
    }
  }

  clear() {
    this.epoch++;
    this.entries.clear();
    this.byTag.clear();
    this.bytes = 0;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;
