import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, QueryResult, TransactionSettings } from 'kysely';
import { WrappedConnection, WrappedDriver, withWrappedDriver } from './wrapped-driver.js';

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
  return withWrappedDriver(dialect, (inner) => new ReportingDriver(inner, listener));
}

class ReportingConnection extends WrappedConnection {
  /** Writes of the open transaction; null outside one. */
  pending: Write[] | null = null;

  constructor(
    inner: DatabaseConnection,
    private readonly listener: () => WriteListener,
  ) {
    super(inner);
  }

  override async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await super.executeQuery<R>(compiled);
    const writes = writesOf(compiled);
    if (writes.length) {
      if (this.pending) this.pending.push(...writes);
      else this.listener()(writes);
    }
    return result;
  }
}

// A savepoint rolled back may keep writes listed that never happened: forgetting too much is safe.
class ReportingDriver extends WrappedDriver<ReportingConnection> {
  constructor(
    inner: Driver,
    private readonly listener: () => WriteListener,
  ) {
    super(inner, (connection) => new ReportingConnection(connection, listener));
  }

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await super.beginTransaction(connection, settings);
    (connection as ReportingConnection).pending = [];
  }

  override async commitTransaction(connection: DatabaseConnection) {
    const reporting = connection as ReportingConnection;
    const writes = reporting.pending ?? [];
    reporting.pending = null;
    await super.commitTransaction(connection);
    if (writes.length) this.listener()(writes);
  }

  override async rollbackTransaction(connection: DatabaseConnection) {
    (connection as ReportingConnection).pending = null;
    await super.rollbackTransaction(connection);
  }
}

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
