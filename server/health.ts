import { constants } from 'node:fs';
import { access, statfs } from 'node:fs/promises';
import { sql } from 'kysely';
import { isDatabaseBusy } from './db/busy.js';
import type { App } from './types.js';

/**
 * `stalled`: connected, but not answering within the command timeout (a stopped or frozen server);
 * `busy`: another process holds the SQLite file's write lock, so writes cannot be made.
 */
export type ServiceState = 'up' | 'down' | 'stalled' | 'busy' | 'off';

const probeTimeoutMs = 1_000;

/** Resolves to `fallback` when `probe` takes longer than the health check may wait. */
async function within<T>(probe: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([probe, new Promise<T>((resolve) => (timer = setTimeout(resolve, probeTimeoutMs, fallback)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * "up" when a trivial query answers and, on SQLite, the write lock can be taken (and given back at
 * once, writing nothing): readers go on while another process writes, so a read alone cannot tell.
 */
export async function databaseState(app: App): Promise<ServiceState> {
  const probe =
    app.dialect === 'sqlite'
      ? app.db.connection().execute(async (connection) => {
          await sql`begin immediate`.execute(connection);
          await sql`rollback`.execute(connection);
        })
      : app.db.selectFrom('users').select('id').limit(1).execute();
  const state = probe.then(
    (): ServiceState => 'up',
    (error: unknown): ServiceState => (isDatabaseBusy(error) ? 'busy' : 'down'),
  );
  return within(state, app.dialect === 'sqlite' ? 'busy' : 'down');
}

/** "off" without REDIS_URL; otherwise whether Redis answers PING, and "stalled" when it is connected but silent. */
export async function redisState(app: App): Promise<ServiceState> {
  if (!app.redis) return 'off';
  if (app.redis.status !== 'ready') return 'down';
  const probe = app.redis.ping().then(
    (pong): ServiceState => (pong === 'PONG' ? 'up' : 'down'),
    (error: Error): ServiceState => (/timed out/i.test(error.message) ? 'stalled' : 'down'),
  );
  return within(probe, 'stalled');
}

export type StorageState = 'ok' | 'full' | 'read-only';
/** Less free space than this in the data folder and writes start failing (a SQLite page, an upload, a mail). */
const fullBelowBytes = 1024 * 1024;

/** Whether the data folder (database on SQLite, uploads, outbox) can take writes. */
export async function storageState(app: App): Promise<StorageState> {
  try {
    await access(app.config.dataDir, constants.W_OK);
  } catch {
    return 'read-only';
  }
  const space = await statfs(app.config.dataDir).catch(() => undefined);
  return space && space.bavail * space.bsize < fullBelowBytes ? 'full' : 'ok';
}
