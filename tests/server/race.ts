import { Kysely, PostgresQueryCompiler, SqliteQueryCompiler, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import type { Dialect } from '../../server/db/index.js';
import type { Database } from '../../server/db/schema.js';

/**
 * A view of `db` on which every read (a SELECT) waits, after its answer, until `contenders` reads
 * are waiting, or `maxWaitMs` passed. Contenders that each read before they write therefore all
 * read before any of them writes: the interleaving that breaks read-then-write.
 *
 * Why it exists: the SQLite driver runs one transaction at a time on its one connection, so
 * requests racing through HTTP never overlap on SQLite, and a race test there passes even when
 * the conditional update is gone. The view runs each statement on the real database on its own
 * (taking and giving back the connection) and waits outside it, so the contenders' statements
 * interleave on SQLite and PostgreSQL alike. A conditional update does not read first, so it
 * never waits here. Transactions are not offered: the race is between single statements.
 */
export function readsMeetFirst(db: Kysely<Database>, dialect: Dialect, contenders: number, maxWaitMs = 2000): Kysely<Database> {
  let waiting: Array<() => void> = [];
  const meet = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length < contenders) return void setTimeout(resolve, maxWaitMs);
      for (const release of waiting) release();
      waiting = [];
    });
  const connection: DatabaseConnection = {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const result = await db.executeQuery<R>(compiled);
      if (compiled.query.kind === 'SelectQueryNode') await meet();
      return result;
    },
    // eslint-disable-next-line require-yield
    async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
      throw new Error('Races run single statements');
    },
  };
  const noTransactions = async () => {
    throw new Error('Races run single statements, not transactions');
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: noTransactions,
    commitTransaction: noTransactions,
    rollbackTransaction: noTransactions,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => db.getExecutor().adapter,
      createDriver: () => driver,
      createIntrospector: () => db.introspection,
      createQueryCompiler: () => (dialect === 'postgres' ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
}
