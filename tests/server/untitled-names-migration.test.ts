import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { migrations, openDatabase, type OpenedDatabase } from '../../server/db/index.js';
import { newId } from '../../server/lib/ids.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'untitled-names-'));
let opened: OpenedDatabase | undefined;

afterAll(async () => {
  await opened?.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Migrations before (`<`) `first`, in the order they are listed. */
const before = (first: string) => Object.fromEntries(Object.entries(migrations).filter(([name]) => name < first));

it('takes a leading "Dr.", "Dr" or "د." out of professionals’ stored names, and leaves patients and a clashing doctor as they are', async () => {
  opened = openDatabase({ dataDir });
  const db = opened.db;
  const old = new Migrator({ db, provider: { getMigrations: async () => before('2026-12-07-150') } });
  expect((await old.migrateToLatest()).error).toBeUndefined();
  const now = new Date().toISOString();
  const people: [string, 'patient' | 'doctor' | 'pharmacist', string][] = [
    [newId(), 'doctor', 'Dr. Ahmed Hassan'],
    [newId(), 'doctor', 'Dr Mona Adel'],
    [newId(), 'doctor', 'د. سامي نور'],
    [newId(), 'doctor', 'Drew Carey'],
    [newId(), 'pharmacist', 'Dr. Hoda Pharma'],
    [newId(), 'patient', 'Dr. Patient Herself'],
    [newId(), 'doctor', 'Laila Mansour'],
    [newId(), 'doctor', 'Dr. Laila Mansour'],
  ];
  await db
    .insertInto('users')
    .values(
      people.map(([id, role, name]) => ({
        id,
        role,
        name,
        username: id,
        email: `${id}@clinic.test`,
        password_hash: 'x',
        created_at: now,
        updated_at: now,
      })) as never,
    )
    .execute();

  const latest = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await latest.migrateToLatest()).error).toBeUndefined();
  const names = await db.selectFrom('users').select(['id', 'name']).execute();
  const nameOf = (id: string) => names.find((n) => n.id === id)?.name;
  expect(people.map(([id]) => nameOf(id))).toEqual([
    'Ahmed Hassan',
    'Mona Adel',
    'سامي نور',
    'Drew Carey',
    'Hoda Pharma',
    'Dr. Patient Herself',
    'Laila Mansour',
    // Another doctor already holds the untitled name: doctor names stay unique.
    'Dr. Laila Mansour',
  ]);
});
