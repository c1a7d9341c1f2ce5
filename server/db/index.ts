import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { durableOnCommit, walGroupCommit, type Durability } from './durability.js';
import { preparingPool } from './prepared-statements.js';
import { withStatementCache } from './statement-cache.js';
import { reportingWrites, type WriteListener } from './written-rows.js';
import { retryingWhileBusy, syncWaitMs } from './busy.js';
import * as initial from './migrations/2026-11-23-001-initial.js';
import * as shop from './migrations/2026-11-23-020-shop.js';
import * as history from './migrations/2026-11-23-030-history.js';
import * as paymentConfirmation from './migrations/2026-11-25-110-payment-confirmation.js';
import * as verifiedProfessionals from './migrations/2026-11-25-160-verified-professionals.js';
import * as accountSecurity from './migrations/2026-11-25-150-account-security.js';
import * as visits from './migrations/2026-11-25-155-visits-and-rating-comments.js';
import * as appointmentRequests from './migrations/2026-11-25-170-appointment-requests.js';
import * as shopSearchOrders from './migrations/2026-11-25-175-shop-search-orders.js';
import * as allergies from './migrations/2026-11-25-180-allergies.js';
import * as notifications from './migrations/2026-11-25-190-notifications.js';
import * as historyAuthorship from './migrations/2026-11-25-220-history-authorship.js';
import * as doctorSearchIndex from './migrations/2026-11-25-210-doctor-search-index.js';
import * as storedFiles from './migrations/2026-11-25-200-stored-files.js';
import * as calendarWaitlist from './migrations/2026-11-25-250-calendar-waitlist.js';
import * as searchActiveIngredients from './migrations/2026-11-25-300-search-active-ingredients.js';
import * as contentArabic from './migrations/2026-11-25-310-content-arabic.js';
import * as prescriptions from './migrations/2026-11-25-230-prescriptions.js';
import * as notificationPreferencesAndJobs from './migrations/2026-11-25-240-notification-preferences-and-jobs.js';
import * as userLanguage from './migrations/2026-11-25-260-user-language.js';
import * as shopSearchTerms from './migrations/2026-11-27-100-shop-search-terms.js';
import * as twoFactorLock from './migrations/2026-12-07-110-two-factor-lock.js';
import * as cleanStoredHtml from './migrations/2026-12-07-100-clean-stored-html.js';
import * as pendingProfileChanges from './migrations/2026-12-07-130-pending-profile-changes.js';
import * as sandboxLedger from './migrations/2026-12-07-170-sandbox-ledger.js';
import * as refusalCountsAndRequestFingerprints from './migrations/2026-12-07-160-refusal-counts-and-request-fingerprints.js';
import * as mailQueue from './migrations/2026-12-07-180-mail-queue.js';
import * as untitledNames from './migrations/2026-12-07-150-untitled-names-and-told-by.js';

export type DB = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface OpenedDatabase {
  db: DB;
  dialect: Dialect;
  /** Human description for the start-up log; never includes a password. */
  description: string;
  /** The SQLite file (SQLite only). */
  file?: string;
  /**
   * Where errors of idle PostgreSQL connections go (a restart or `pg_terminate_backend`). Without a
   * listener the pool's 'error' event would end the process; the app points this at its log.
   */
  reportError: (error: Error) => void;
  /** Where committed writes are reported (the response cache forgets what they make stale); nowhere until the app says. */
  reportWrites: WriteListener;
  /** When commits are on disk: nothing leaves the server before the commits it follows are. */
  durability: Durability;
}

// Migrations are listed here rather than read from disk, so the same list works under tsx and in tests.
export const migrations: Record<string, Migration> = {
  '2026-11-23-001-initial': initial,
  '2026-11-23-020-shop': shop,
  '2026-11-23-030-history': history,
  '2026-11-25-110-payment-confirmation': paymentConfirmation,
  '2026-11-25-160-verified-professionals': verifiedProfessionals,
  '2026-11-25-150-account-security': accountSecurity,
  '2026-11-25-155-visits-and-rating-comments': visits,
  '2026-11-25-170-appointment-requests': appointmentRequests,
  '2026-11-25-175-shop-search-orders': shopSearchOrders,
  '2026-11-25-180-allergies': allergies,
  '2026-11-25-190-notifications': notifications,
  '2026-11-25-220-history-authorship': historyAuthorship,
  '2026-11-25-210-doctor-search-index': doctorSearchIndex,
  '2026-11-25-200-stored-files': storedFiles,
  '2026-11-25-250-calendar-waitlist': calendarWaitlist,
  '2026-11-25-300-search-active-ingredients': searchActiveIngredients,
  '2026-11-25-310-content-arabic': contentArabic,
  '2026-11-25-230-prescriptions': prescriptions,
  '2026-11-25-240-notification-preferences-and-jobs': notificationPreferencesAndJobs,
  '2026-11-25-260-user-language': userLanguage,
  '2026-11-27-100-shop-search-terms': shopSearchTerms,
  '2026-12-07-110-two-factor-lock': twoFactorLock,
  '2026-12-07-100-clean-stored-html': cleanStoredHtml,
  '2026-12-07-130-pending-profile-changes': pendingProfileChanges,
  '2026-12-07-170-sandbox-ledger': sandboxLedger,
  '2026-12-07-160-refusal-counts-and-request-fingerprints': refusalCountsAndRequestFingerprints,
  '2026-12-07-180-mail-queue': mailQueue,
  '2026-12-07-150-untitled-names-and-told-by': untitledNames,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** How long SQLite statements wait out another process's lock before the request answers 503 (DB_BUSY_TIMEOUT_MS). */
const defaultBusyTimeoutMs = 2_000;

export function openDatabase(options: { databaseUrl?: string; dataDir: string; dbBusyTimeoutMs?: number }): OpenedDatabase {
  if (options.databaseUrl) {
    // A short connect timeout: while PostgreSQL is unreachable requests fail fast with 503
    // instead of queueing for minutes; a dropped connection is replaced on the next checkout.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
    const url = new URL(options.databaseUrl);
    const opened: OpenedDatabase = {
      db: new Kysely<Database>({ dialect: reportingWrites(new PostgresDialect({ pool: preparingPool(pool) }), () => opened.reportWrites) }),
      dialect: 'postgres',
      description: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      reportError: (error) => console.error(`database connection lost: ${error.message}`),
      reportWrites: () => undefined,
      durability: durableOnCommit,
    };
    pool.on('error', (error) => opened.reportError(error));
    // A connection checked out but between two queries (inside a transaction, say) reports a server
    // shutdown on the client itself, where the pool does not listen: without this it ends the process.
    // The query that runs next fails and the request answers 503; the pool drops the broken client.
    pool.on('connect', (client) => client.on('error', (error) => opened.reportError(error)));
    return opened;
  }
  const file = path.join(options.dataDir, 'portal.sqlite');
  // The database is created readable by the server's user only; SQLite gives its WAL and shared-memory
  // files the database file's mode. Files of an older install are tightened the same way.
  closeSync(openSync(file, 'a', 0o600));
  for (const own of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(own)) chmodSync(own, 0o600);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // A short wait inside SQLite (it blocks the event loop); longer ones are waited out by retryingWhileBusy.
  sqlite.pragma(`busy_timeout = ${syncWaitMs}`);
  // A commit appends to the log without waiting for the disk; the durability barrier syncs the log
  // once for all commits waiting, before any answer, message, email or charge that follows them
  // leaves (see durability.ts), so a confirmed payment or history entry survives a power cut as with
  // FULL, without blocking the event loop on one sync per commit.
  sqlite.pragma('synchronous = NORMAL');
  const durability = walGroupCommit(`${file}-wal`);
  const opened: OpenedDatabase = {
    db: new Kysely<Database>({
      dialect: reportingWrites(
        retryingWhileBusy(
          new SqliteDialect({ database: withStatementCache(sqlite, 500, () => durability.committed()) }),
          options.dbBusyTimeoutMs ?? defaultBusyTimeoutMs,
        ),
        () => opened.reportWrites,
      ),
    }),
    dialect: 'sqlite',
    description: `SQLite at ${file}`,
    file,
    reportError: (error) => console.error(`database error: ${error.message}`),
    reportWrites: () => undefined,
    durability,
  };
  return opened;
}

export async function migrateToLatest(db: DB): Promise<void> {
  // The migrator looks for its own tables in every PostgreSQL schema; pin it to the connection's
  // schema so portals sharing a database (one schema each) never see each other's tables.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  // Some released migrations were added with names sorting before ones shipped earlier, so a
  // database from such a release has gaps: they run now, in name order. New migrations sort after
  // every released one (tests/server/migration-history.test.ts), so this never reorders a new one.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') throw new Error(`Migration ${r.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
