import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { migrations, openDatabase, type OpenedDatabase } from '../../server/db/index.js';
import { newId } from '../../server/lib/ids.js';
import { shopRepository } from '../../server/modules/shop/repository.js';
import { freshDatabase } from '../../scripts/fresh-database.mjs';

// On PostgreSQL the search moved to a full-text document and a table of indexed words
// (migration 2026-11-27-100); a catalogue listed before it must be found after it, typos included.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-search-migration-'));
const schema = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
let opened: OpenedDatabase | undefined;

afterAll(async () => {
  await opened?.db.destroy();
  await schema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const upTo = (last: string) => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

it('finds products listed before the search migration, by brand, by ingredient and with a typo', async () => {
  opened = openDatabase({ dataDir, databaseUrl: schema?.url });
  const db = opened.db;
  const before = new Migrator({ db, provider: { getMigrations: async () => upTo('2026-11-25-310-content-arabic') } });
  expect((await before.migrateToLatest()).error).toBeUndefined();
  const now = new Date().toISOString();
  const ownerId = newId();
  await db
    .insertInto('users')
    .values({
      id: ownerId,
      role: 'pharmacist',
      name: 'Nile Pharmacy',
      username: 'nile',
      email: 'nile@clinic.test',
      password_hash: 'x',
      status: 'approved',
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
  const product = (name: string, brand: string, ingredients: string[], about: string) => ({
    id: newId(),
    slug: name.toLowerCase().replaceAll(' ', '-'),
    name,
    brand,
    price_cents: 4500,
    quantity: 10,
    thumbnail: '',
    about,
    description: '',
    indications: '',
    side_effects: '',
    contraindications: '',
    category_id: null,
    owner_id: ownerId,
    active_ingredients: JSON.stringify(ingredients),
    deleted: 0 as const,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('products')
    .values([
      product('Migraine relief 2.5 mg tablets', 'Zomig', ['zolmitriptan'], 'For migraine attacks.'),
      product('Allergy tablets 10 mg', 'Zyrtec', ['cetirizine'], 'For hay fever.'),
    ])
    .execute();

  const after = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await after.migrateToLatest()).error).toBeUndefined();
  const search = shopRepository(db, opened.dialect).search;
  const names = async (q: string) =>
    (await search({ q, sort: 'relevance', minCents: null, maxCents: null, category: '', pharmacy: '' }, 0, 12)).rows.map((r) => r.name);
  expect(await names('zomig')).toEqual(['Migraine relief 2.5 mg tablets']);
  expect(await names('zolmitriptn')).toEqual(['Migraine relief 2.5 mg tablets']);
  expect(await names('cetirizin hay')).toEqual(['Allergy tablets 10 mg']);
  expect(await names('zolmitriptan fever')).toEqual([]);

  // A product listed after the migration is found too, by a word no earlier product had.
  await db
    .insertInto('products')
    .values(product('Nasal spray', 'Otrivin', ['xylometazoline'], 'For a blocked nose.'))
    .execute();
  expect(await names('xylometazolin')).toEqual(['Nasal spray']);
});
