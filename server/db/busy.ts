import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { WrappedConnection, WrappedDriver, withWrappedDriver } from './wrapped-driver.js';

/**
 * SQLite shares its file with other processes (a backup, the admin CLI, a shell left inside a
 * transaction). While one of them holds the write lock, a write here is refused with SQLITE_BUSY.
 * better-sqlite3 waits for a lock synchronously, which would stop the whole process, so the driver
 * waits only a few milliseconds (`syncWaitMs`) and this wrapper retries with timers in between,
 * serving everyone else meanwhile. All statements that meet the lock share one deadline (the first
 * refusal plus `DB_BUSY_TIMEOUT_MS`): once it has passed they fail at once, so no request waits
 * behind another's retries, until a statement gets through again.
 */
export const syncWaitMs = 20;

/** True when SQLite refused a statement because another connection holds the lock it needs (or changed what it read). */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

/** Only a plain refusal is worth waiting out; a stale snapshot inside a transaction never gets through. */
const retryable = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

export function retryingWhileBusy(dialect: Dialect, timeoutMs: number): Dialect {
  const episode = { deadline: 0 };
  return withWrappedDriver(dialect, (inner) => new BusyRetryingDriver(inner, timeoutMs, episode));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function whileBusy<T>(work: () => Promise<T>, timeoutMs: number, episode: { deadline: number }): Promise<T> {
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    try {
      const result = await work();
      episode.deadline = 0;
      return result;
    } catch (error) {
      if (!retryable(error)) throw error;
      const now = Date.now();
      if (!episode.deadline) episode.deadline = now + timeoutMs;
      if (now + wait > episode.deadline) throw error;
      await sleep(wait);
    }
  }
}

class BusyRetryingConnection extends WrappedConnection {
  constructor(
    inner: DatabaseConnection,
    private readonly timeoutMs: number,
    private readonly episode: { deadline: number },
  ) {
    super(inner);
  }

  override executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return whileBusy(() => super.executeQuery<R>(compiled), this.timeoutMs, this.episode);
  }
}

class BusyRetryingDriver extends WrappedDriver<BusyRetryingConnection> {
  constructor(
    inner: Driver,
    private readonly timeoutMs: number,
    private readonly episode: { deadline: number },
  ) {
    super(inner, (connection) => new BusyRetryingConnection(connection, timeoutMs, episode));
  }

  override commitTransaction(connection: DatabaseConnection) {
    return whileBusy(() => super.commitTransaction(connection), this.timeoutMs, this.episode);
  }
}
