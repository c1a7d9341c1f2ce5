import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * better-sqlite3 as Kysely's SQLite driver sees it, with prepared statements kept for reuse, and
 * `onCommit` told each time a write reaches the log (a statement outside a transaction, or the end
 * of a transaction that wrote).
 * Kysely prepares every query afresh, and preparing a join costs about as much as running it; the
 * portal sends a small set of distinct SQL texts, so a bounded cache keyed by the text removes that
 * cost. Reusing a statement is safe here: better-sqlite3 runs it synchronously to the end, and the
 * portal never streams rows (a statement being iterated could not run again until it finished).
 */
export function withStatementCache(database: BetterSqlite3.Database, capacity = 500, onCommit: () => void = () => undefined): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  /** A statement that writes has run since the last commit was reported. */
  let wrote = false;
  // SQLite counts BEGIN and COMMIT as read-only statements: a commit is seen as the moment a
  // connection that wrote is no longer inside a transaction (a rollback then reports one too many).
  const ran = (statement: BetterSqlite3.Statement) => {
    if (!statement.readonly) wrote = true;
    if (wrote && !database.inTransaction) {
      wrote = false;
      onCommit();
    }
  };

  const watched = (statement: BetterSqlite3.Statement): SqliteStatement => ({
    reader: statement.reader,
    all(parameters) {
      const rows = statement.all(parameters);
      ran(statement);
      return rows;
    },
    run(parameters) {
      const result = statement.run(parameters);
      ran(statement);
      return result;
    },
    *iterate(parameters) {
      try {
        yield* statement.iterate(parameters);
      } finally {
        ran(statement);
      }
    },
  });

  return {
    close: () => database.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached) {
        // Most recently used last, so the first key is always the one to evict.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = watched(database.prepare(sql));
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
