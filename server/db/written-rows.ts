import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, QueryResult, TransactionSettings } from 'kysely';

/** One table written by a statement, and the row when the statement names it by `id = value`. */
export interface Write {
  table: string;
  row?: string;
}

/** Where committed writes go: called once a statement outside a transaction ran, or once a transaction committed. */
export type WriteListener = (writes: Write[]) => void;

/**
 * Wraps a dialect so that every committed write is reported with the tables (and rows, where the
 * statement says) it touched. The response cache learns what to forget here rather than from a call
 * beside each write, so a write added later cannot forget to invalidate. Writes inside a transaction
 * are held until it commits (a rollback drops them): an answer is forgotten only once the database
 * holds the new truth, never while a reader could still see the old one.
 */
export function reportingWrites(dialect: Dialect, listener: () => WriteListener): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new ReportingDriver(dialect.createDriver(), listener),
  };
}

class ReportingConnection implements DatabaseConnection {
  /** Writes of the open transaction; null outside one. */
  pending: Write[] | null = null;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly listener: () => WriteListener,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiled);
    const writes = writesOf(compiled);
    if (writes.length) {
      if (this.pending) this.pending.push(...writes);
      else this.listener()(writes);
    }
    return result;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class ReportingDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, ReportingConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly listener: () => WriteListener,
  ) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = new ReportingConnection(connection, this.listener);
      this.wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(unwrap(connection));

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(unwrap(connection), settings);
    (connection as ReportingConnection).pending = [];
  }

  async commitTransaction(connection: DatabaseConnection) {
    const reporting = connection as ReportingConnection;
    const writes = reporting.pending ?? [];
    reporting.pending = null;
    await this.inner.commitTransaction(unwrap(connection));
    if (writes.length) this.listener()(writes);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    (connection as ReportingConnection).pending = null;
    await this.inner.rollbackTransaction(unwrap(connection));
  }

  // A savepoint rolled back may keep writes listed that never happened: forgetting too much is safe.
  savepoint: Driver['savepoint'] = (connection, name, compile) => this.inner.savepoint!(unwrap(connection), name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) => this.inner.rollbackToSavepoint!(unwrap(connection), name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) => this.inner.releaseSavepoint!(unwrap(connection), name, compile);
}

const unwrap = (connection: DatabaseConnection) => (connection instanceof ReportingConnection ? connection.inner : connection);

/** Raw SQL (sql`...`) names its tables only in its text. `on conflict do update set` is not a table. */
const rawWrite = /\b(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The tables (and rows) a statement writes; none for reads. */
export function writesOf(compiled: CompiledQuery): Write[] {
  const node = compiled.query as OperationNode & Record<string, unknown>;
  switch (node.kind) {
    case 'SelectQueryNode':
      return [];
    case 'InsertQueryNode':
      return tableOf(node.into).map((table) => ({ table }));
    case 'UpdateQueryNode':
      return tableOf(node.table).map((table) => ({ table, row: rowOf(node.where) }));
    case 'DeleteQueryNode':
      return tableOf(node.from).map((table) => ({ table, row: rowOf(node.where) }));
    default: {
      const tables = new Set<string>();
      for (const match of compiled.sql.matchAll(rawWrite)) {
        const table = match[1]!.toLowerCase();
        if (table !== 'set') tables.add(table);
      }
      return [...tables].map((table) => ({ table }));
    }
  }
}

type Node = Record<string, unknown> | undefined;

/** The table names under a TableNode, an alias of one, or a FromNode listing them. */
function tableOf(value: unknown): string[] {
  const node = value as Node;
  if (!node) return [];
  if (node.kind === 'TableNode') {
    const name = ((node.table as Node)?.identifier as Node)?.name;
    return typeof name === 'string' ? [name] : [];
  }
  if (node.kind === 'AliasNode') return tableOf(node.node);
  if (node.kind === 'FromNode') return (node.froms as unknown[]).flatMap(tableOf);
  return [];
}

/** The row a WHERE names by `id = value` (also inside an AND chain); undefined when it names none. */
function rowOf(value: unknown): string | undefined {
  let node = value as Node;
  if (node?.kind === 'WhereNode') node = node.where as Node;
  if (!node) return undefined;
  if (node.kind === 'AndNode') return rowOf(node.left) ?? rowOf(node.right);
  if (node.kind !== 'BinaryOperationNode') return undefined;
  const left = node.leftOperand as Node;
  const operator = (node.operator as Node)?.operator;
  const right = node.rightOperand as Node;
  const column = left?.kind === 'ReferenceNode' ? (((left.column as Node)?.column as Node)?.name ?? undefined) : undefined;
  if (column !== 'id' || operator !== '=' || right?.kind !== 'ValueNode') return undefined;
  const row = right.value;
  return typeof row === 'string' || typeof row === 'number' ? String(row) : undefined;
}
