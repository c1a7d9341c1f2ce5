import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, PostgresAdapter, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../scripts/fresh-database.mjs';
import { migrateToLatest, migrations, openDatabase, type OpenedDatabase } from '../../server/db/index.js';
import released from './released-migrations.json' with { type: 'json' };

const { releases } = released;
const today = Object.keys(migrations);
// Releases up to this one added migrations whose names sort before ones shipped earlier; every
// database they left behind must still upgrade, and no later release may do it again.
const lastOutOfOrderRelease = '00cb2e3';

/** A database on the configured engine (a fresh PostgreSQL database with DATABASE_URL, else SQLite), and its removal. */
async function emptyDatabase(): Promise<{ opened: OpenedDatabase; remove: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'migration-history-'));
  const fresh = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const opened = openDatabase({ dataDir, databaseUrl: fresh?.url });
  return {
    opened,
    async remove() {
      await opened.db.destroy();
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Leaves `opened` as the portal of one release left it: exactly that release's migrations, run in name order. */
async function migrateAsRelease(opened: OpenedDatabase, names: string[]) {
  const schema =
    opened.db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(opened.db)).rows[0]?.s
      : undefined;
  const subset = Object.fromEntries(names.map((name) => [name, migrations[name]!]));
  const migrator = new Migrator({ db: opened.db, provider: { getMigrations: async () => subset }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateToLatest();
  expect(error).toBeUndefined();
}

describe('migrations over the releases', () => {
  it('keeps every released migration, under the same name', () => {
    for (const release of releases) expect(today, `release ${release.commit}`).toEqual(expect.arrayContaining(release.migrations));
  });

  it('has every migration recorded as released (append the new set to released-migrations.json)', () => {
    expect([...releases.at(-1)!.migrations].sort()).toEqual([...today].sort());
  });

  it('adds each later migration after every released one, so no database meets a migration older than its newest', () => {
    const start = releases.findIndex((release) => release.commit === lastOutOfOrderRelease);
    for (let index = start + 1; index < releases.length; index++) {
      const before = releases[index - 1]!.migrations;
      const newest = [...before].sort().at(-1)!;
      for (const added of releases[index]!.migrations.filter((name) => !before.includes(name))) {
        expect(added > newest, `${added} (release ${releases[index]!.commit}) sorts before ${newest}`).toBe(true);
      }
    }
  });

  it.each(releases.map((release) => [release.commit, release.migrations] as const))(
    'upgrades a database migrated by release %s to today',
    async (_commit, names) => {
      const { opened, remove } = await emptyDatabase();
      try {
        await migrateAsRelease(opened, names);
        await migrateToLatest(opened.db);
        const executed = await new Migrator({ db: opened.db, provider: { getMigrations: async () => migrations } }).getMigrations();
        expect(executed.filter((migration) => !migration.executedAt).map((migration) => migration.name)).toEqual([]);
      } finally {
        await remove();
      }
    },
    60_000,
  );
});
