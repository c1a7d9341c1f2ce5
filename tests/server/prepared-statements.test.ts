import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparingPool } from '../../server/db/prepared-statements.js';
import { freshDatabase } from '../../scripts/fresh-database.mjs';

const base = process.env.DATABASE_URL;
if (!base) console.warn('prepared-statements: SKIPPED. Set DATABASE_URL (PostgreSQL) to check the prepared statements.');

describe.skipIf(!base)('prepared statements on PostgreSQL (runs when DATABASE_URL is set)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  let db: Kysely<{ items: { id: number; label: string } }>;

  beforeAll(async () => {
    database = await freshDatabase(base ?? '');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool, 3) }) });
    await sql`create table items (id int primary key, label text not null)`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  /** The texts of the statements this session keeps prepared. */
  const preparedOn = async (conn: Kysely<never>) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn)).rows.map((r) => r.statement);

  it('prepares a data statement once per connection and runs it again by name, with its own values each time', async () => {
    await db.connection().execute(async (conn) => {
      await conn.insertInto('items').values({ id: 1, label: 'first' }).execute();
      await conn.insertInto('items').values({ id: 2, label: 'second' }).execute();
      const read = (id: number) => conn.selectFrom('items').select('label').where('id', '=', id).executeTakeFirst();
      expect(await read(1)).toEqual({ label: 'first' });
      expect(await read(2)).toEqual({ label: 'second' });
      const prepared = await preparedOn(conn as never);
      expect(prepared.filter((s) => s.startsWith('insert into "items"'))).toHaveLength(1);
      expect(prepared.filter((s) => s.startsWith('select "label" from "items"'))).toHaveLength(1);
      // Schema changes and transaction control are never kept.
      expect(prepared.some((s) => /^(create|begin|commit)/i.test(s))).toBe(false);
    });
  });

  it('keeps at most its limit per connection and runs further texts unnamed, with the same results', async () => {
    await db.connection().execute(async (conn) => {
      for (let n = 1; n <= 6; n += 1) {
        const rows = await conn
          .selectFrom('items')
          .select('id')
          .where(
            'id',
            'in',
            Array.from({ length: n }, (_, i) => i + 1),
          )
          .orderBy('id')
          .execute();
        expect(rows.map((r) => r.id)).toEqual([1, 2].slice(0, n));
      }
      expect((await preparedOn(conn as never)).length).toBeLessThanOrEqual(3);
    });
  });
});
