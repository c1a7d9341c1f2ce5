import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { compiledOnce } from '../../server/db/compiled-once.js';
import { migrateToLatest, openDatabase } from '../../server/db/index.js';
import { startTestServer, type TestServer } from './helpers.js';

/** Queries built and compiled once (server/db/compiled-once.ts), on this run's database (SQLite, or PostgreSQL with DATABASE_URL). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(async () => server?.close());

describe('a query compiled once', () => {
  it("runs each call with that call's values, constants kept, a value used twice filled twice", async () => {
    const db = server.app.db;
    const products = await db.selectFrom('products').select(['slug', 'name', 'price_cents']).where('deleted', '=', 0).orderBy('slug').limit(2).execute();
    expect(products).toHaveLength(2);
    const byPrice = compiledOnce((executor, slug: string, cents: number) =>
      executor
        .selectFrom('products')
        .select(['slug', 'name'])
        .where('deleted', '=', 0)
        .where((eb) => eb.or([eb('slug', '=', slug), eb('price_cents', '<', cents)]))
        .where('price_cents', '<=', cents)
        .orderBy('slug'),
    );
    const build = vi.spyOn(db, 'selectFrom');
    for (const product of products) {
      expect(await byPrice(db, product.slug, Number(product.price_cents))).toContainEqual({ slug: product.slug, name: product.name });
      expect(await byPrice(db, product.slug, 0)).toEqual([]);
    }
    // Built on the first call only.
    expect(build).toHaveBeenCalledTimes(1);
    build.mockRestore();
  });

  it('runs inside a transaction, which sees its own writes and rolls them back', async () => {
    const db = server.app.db;
    const nameOf = compiledOnce((executor, slug: string) => executor.selectFrom('products').select('name').where('slug', '=', slug));
    const { slug, name } = await db.selectFrom('products').select(['slug', 'name']).limit(1).executeTakeFirstOrThrow();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ name: 'Renamed inside' }).where('slug', '=', slug).execute();
        expect(await nameOf(trx, slug)).toEqual([{ name: 'Renamed inside' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await nameOf(db, slug)).toEqual([{ name }]);
  });

  it("compiles for each database its own SQL: this run's database and an embedded SQLite side by side", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-compiled-once-'));
    const embedded = openDatabase(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789' }));
    try {
      await migrateToLatest(embedded.db);
      const countBySlug = compiledOnce((executor, slug: string) =>
        executor
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('slug', '=', slug),
      );
      const { slug } = await server.app.db.selectFrom('products').select('slug').limit(1).executeTakeFirstOrThrow();
      // On PostgreSQL the first database's SQL has $1 where SQLite wants ?: each must get its own.
      expect(Number((await countBySlug(server.app.db, slug))[0]!.count)).toBe(1);
      expect(Number((await countBySlug(embedded.db, slug))[0]!.count)).toBe(0);
      expect(Number((await countBySlug(server.app.db, slug))[0]!.count)).toBe(1);
    } finally {
      await embedded.db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an update or a delete, and a value that did not become a parameter', async () => {
    const db = server.app.db;
    const rename = compiledOnce((executor, id: string) => executor.updateTable('products').set({ name: 'x' }).where('id', '=', id));
    await expect(rename(db, 'any')).rejects.toThrow(/updates and deletes/);
    const unused = compiledOnce((executor, _slug: string) => executor.selectFrom('products').select('name').limit(1));
    await expect(unused(db, 'any')).rejects.toThrow(/value 0 did not become a parameter/);
  });
});
