import type { App } from '../types.js';
import { watchTable } from './index.js';

/**
 * A read that the hottest signed-in paths make on every request, kept in the instance's memory under
 * the tags of what it was read from (the response cache's rows store, app.answers.rows): any
 * committed write to one of those tables or rows forgets it here at once and, with REDIS_URL, on the
 * other instances through the cache's channel. While that channel is down nothing is kept (`usable`),
 * and a read that overlapped an invalidation is not kept either (the store's epoch), so a kept row is
 * never older than the database's truth. Nothing found is never kept. Callers must not change what
 * they get: it is the kept object itself.
 */
export function keptRead<A extends unknown[], R>(
  name: string,
  spec: {
    /** Every table the read depends on. */
    tables: string[];
    key: (...args: A) => string;
    read: (app: App, ...args: A) => Promise<R | undefined>;
    /** The tags a write forgets the row by (see rowTags and tagsOfWrite in cache/index.ts). */
    tags: (row: R) => string[];
    /** How long it may be kept at most, in milliseconds from now. */
    keepFor?: (...args: A) => number;
  },
) {
  for (const table of spec.tables) watchTable(table);
  return async (app: App, ...args: A): Promise<R | undefined> => {
    const kept = app.answers.usable() ? app.answers.rows : null;
    const key = `${name}|${spec.key(...args)}`;
    const hit = kept?.get(key);
    if (hit) return hit.value as R;
    const epoch = kept?.epoch ?? 0;
    const row = await spec.read(app, ...args);
    if (row !== undefined && kept) kept.set(key, { value: row, tags: spec.tags(row), expiresAt: app.answers.expiresAt(spec.keepFor?.(...args)) }, epoch);
    return row;
  };
}
