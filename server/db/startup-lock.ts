import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { OpenedDatabase } from './index.js';

/** How long an instance waits for another one's migrations and seed before giving up. */
const waitMs = 120_000;

/**
 * Runs `work` (migrations, then the seed) while holding a database-wide lock, so any number of
 * instances may start at once on an empty database: the first migrates and seeds, the others wait
 * and then find the work done.
 * - PostgreSQL: a session advisory lock, keyed by the schema, on one connection held for the duration
 *   (released by PostgreSQL itself if the process dies).
 * - SQLite: an exclusive transaction on a small lock database next to the data file; SQLite's own
 *   file locking makes the other processes wait, and the operating system releases it on a crash.
 */
export async function withStartupLock<T>(database: OpenedDatabase, work: () => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') {
    return database.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(hashtext(current_schema() || ':portal-startup'))`.execute(conn);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(hashtext(current_schema() || ':portal-startup'))`.execute(conn).catch(() => undefined);
      }
    });
  }
  const lock = new SqliteDatabase(`${database.file ?? 'portal.sqlite'}.startup-lock`, { timeout: waitMs });
  try {
    lock.exec('begin exclusive');
    try {
      return await work();
    } finally {
      lock.exec('commit');
    }
  } finally {
    lock.close();
  }
}
