import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

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
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new BusyRetryingDriver(dialect.createDriver(), timeoutMs, episode),
  };
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

class BusyRetryingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly timeoutMs: number,
    private readonly episode: { deadline: number },
  ) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return whileBusy(() => this.inner.executeQuery<R>(compiled), this.timeoutMs, this.episode);
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class BusyRetryingDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, BusyRetryingConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly timeoutMs: number,
    private readonly episode: { deadline: number },
  ) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = new BusyRetryingConnection(connection, this.timeoutMs, this.episode);
      this.wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(unwrap(connection));
  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) => this.inner.beginTransaction(unwrap(connection), settings);
  commitTransaction = (connection: DatabaseConnection) => whileBusy(() => this.inner.commitTransaction(unwrap(connection)), this.timeoutMs, this.episode);
  rollbackTransaction = (connection: DatabaseConnection) => this.inner.rollbackTransaction(unwrap(connection));
  savepoint: Driver['savepoint'] = (connection, name, compile) => this.inner.savepoint!(unwrap(connection), name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) => this.inner.rollbackToSavepoint!(unwrap(connection), name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) => this.inner.releaseSavepoint!(unwrap(connection), name, compile);
}

const unwrap = (connection: DatabaseConnection) => (connection instanceof BusyRetryingConnection ? connection.inner : connection);
