import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';
import * as initial from './migrations/2026-11-23-001-initial.js';
import * as shop from './migrations/2026-11-23-020-shop.js';
import * as history from './migrations/2026-11-23-030-history.js';
import * as shopSearchOrders from './migrations/2026-11-25-175-shop-search-orders.js';

export type DB = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface OpenedDatabase {
  db: DB;
  dialect: Dialect;
  /** Human description for the start-up log; never includes a password. */
  description: string;
}

// Migrations are listed here rather than read from disk, so the same list works under tsx and in tests.
const migrations: Record<string, Migration> = {
  '2026-11-23-001-initial': initial,
  '2026-11-23-020-shop': shop,
  '2026-11-23-030-history': history,
  '2026-11-25-175-shop-search-orders': shopSearchOrders,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): OpenedDatabase {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const url = new URL(options.databaseUrl);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      description: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
    };
  }
  const file = path.join(options.dataDir, 'portal.sqlite');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // FULL syncs the log at every commit, so a confirmed payment or history entry survives a power
  // cut as well as a crash (NORMAL only survives a crash); it costs well under a millisecond per write.
  sqlite.pragma('synchronous = FULL');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
    description: `SQLite at ${file}`,
  };
}

export async function migrateToLatest(db: DB): Promise<void> {
  // The migrator looks for its own tables in every PostgreSQL schema; pin it to the connection's
  // schema so databases sharing a server (one schema per test run) never see each other's tables.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') throw new Error(`Migration ${r.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
