import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/**
 * The base of the driver wrappers (written-rows.ts, busy.ts): every call goes to the wrapped driver
 * or connection, and a wrapper overrides only what it changes. Each wrapper hands out one wrapped
 * connection per inner connection and gives the inner one back to the driver below it.
 */
export class WrappedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.inner.executeQuery<R>(compiled);
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

/** The connection the driver below handed out, from the one this driver's wrapper handed out. */
const unwrap = (connection: DatabaseConnection) => (connection instanceof WrappedConnection ? connection.inner : connection);

export class WrappedDriver<C extends WrappedConnection> implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, C>();

  constructor(
    protected readonly inner: Driver,
    private readonly wrap: (connection: DatabaseConnection) => C,
  ) {}

  init() {
    return this.inner.init();
  }

  destroy() {
    return this.inner.destroy();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = this.wrap(connection);
      this.wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(unwrap(connection));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(unwrap(connection));
  }

  savepoint: Driver['savepoint'] = (connection, name, compile) => this.inner.savepoint!(unwrap(connection), name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) => this.inner.rollbackToSavepoint!(unwrap(connection), name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) => this.inner.releaseSavepoint!(unwrap(connection), name, compile);
}

/** `dialect` with its driver wrapped by `wrapDriver`; everything else is the dialect's own. */
export function withWrappedDriver(dialect: Dialect, wrapDriver: (inner: Driver) => Driver): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => wrapDriver(dialect.createDriver()),
  };
}
