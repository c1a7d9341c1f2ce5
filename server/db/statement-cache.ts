import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * better-sqlite3 as Kysely's SQLite driver sees it, with prepared statements kept for reuse.
 * Kysely prepares every query afresh, and preparing a join costs about as much as running it; the
 * portal sends a small set of distinct SQL texts, so a bounded cache keyed by the text removes that
 * cost. Reusing a statement is safe here: better-sqlite3 runs it synchronously to the end, and the
 * portal never streams rows (a statement being iterated could not run again until it finished).
 */
export function withStatementCache(database: BetterSqlite3.Database, capacity = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
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
      const statement = database.prepare(sql) as unknown as SqliteStatement;
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
