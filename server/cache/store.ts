import { createHash } from 'node:crypto';

/** What every kept entry carries: the tags a write forgets it by, and when it expires regardless. */
export interface Tagged {
  tags: string[];
  expiresAt: number;
}

/** One serialized answer, ready to send as it is. */
export interface CachedAnswer extends Tagged {
  body: string;
  contentType: string;
  /** Strong: a hash of the exact bytes, so equal bodies on every instance carry the same tag. */
  etag: string;
}

export interface StoreLimits {
  maxEntries: number;
  /** In the units `weigh` counts (the answers count characters of body). */
  maxBytes: number;
}

/**
 * Entries by key, least recently used evicted first when either limit is passed, each filed under
 * the tags it depends on so a write forgets exactly those. `epoch` moves on every invalidation: an
 * entry computed while one happened may hold what was just overwritten, so it is not kept
 * (see `set`), which closes the race between a slow read and a write that commits meanwhile.
 */
export class TaggedStore<E extends Tagged> {
  private readonly entries = new Map<string, E>();
  private readonly byTag = new Map<string, Set<string>>();
  private bytes = 0;
  epoch = 0;

  constructor(
    private readonly limits: StoreLimits,
    private readonly weigh: (entry: E) => number = () => 1,
  ) {}

  get size() {
    return this.entries.size;
  }

  get(key: string, now = Date.now()): E | undefined {
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

  /** Keeps an entry unless an invalidation happened since `epochAtStart` (the read may be older than it); true when kept. */
  set(key: string, entry: E, epochAtStart: number): boolean {
    const weight = this.weigh(entry);
    if (epochAtStart !== this.epoch || weight > this.limits.maxBytes) return false;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += weight;
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      this.remove(this.entries.keys().next().value as string);
    }
    return true;
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
    this.bytes -= this.weigh(entry);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

/** The serialized answers, weighed by their bodies' length. */
export const answerStore = (limits: StoreLimits) => new TaggedStore<CachedAnswer>(limits, (answer) => answer.body.length);

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;
