import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { trigramSchema } from '../trigram-schema.js';

/**
 * Shop search finds a medicine by its active ingredients too (products.active_ingredients, a JSON
 * array of names added by migration 230), typos included.
 * - PostgreSQL: both trigram indexes are rebuilt over texts that now hold the ingredients.
 * - SQLite: the FTS5 table gets an `ingredients` column; its vocabulary (typo correction) and the
 *   triggers keeping it in step are recreated with it.
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function rebuildPostgres(db: Kysely<any>, doc: string, names: string) {
  const ops = sql.raw(`${await trigramSchema(db)}.gin_trgm_ops`);
  await sql`drop index if exists products_search_trgm`.execute(db);
  await sql`drop index if exists products_names_trgm`.execute(db);
  await sql`create index products_search_trgm on products using gin ((${sql.raw(doc)}) ${ops})`.execute(db);
  await sql`create index products_names_trgm on products using gin ((${sql.raw(names)}) ${ops})`.execute(db);
}

async function rebuildSqlite(db: Kysely<any>, columns: string[]) {
  for (const t of ['products_fts_insert', 'products_fts_update', 'products_fts_delete']) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  await sql`drop table if exists products_fts_vocab`.execute(db);
  await sql`drop table if exists products_fts`.execute(db);
  // The FTS column names, and the products columns they are filled from.
  const fts = columns.map((c) => (c === 'active_ingredients' ? 'ingredients' : c)).join(', ');
  const from = (row: string) => columns.map((c) => `${row}${c}`).join(', ');
  await sql`create virtual table products_fts using fts5(${sql.raw(fts)}, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(db);
  await sql`create virtual table products_fts_vocab using fts5vocab(products_fts, 'row')`.execute(db);
  await sql`insert into products_fts (rowid, ${sql.raw(fts)}) select rowid, ${sql.raw(from(''))} from products`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts (rowid, ${sql.raw(fts)}) values (new.rowid, ${sql.raw(from('new.'))}); end`.execute(db);
  await sql`create trigger products_fts_update after update of ${sql.raw(columns.join(', '))} on products begin
    delete from products_fts where rowid = old.rowid;
    insert into products_fts (rowid, ${sql.raw(fts)}) values (new.rowid, ${sql.raw(from('new.'))}); end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    delete from products_fts where rowid = old.rowid; end`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db))
    await rebuildPostgres(
      db,
      "lower(name || ' ' || brand || ' ' || active_ingredients || ' ' || about)",
      "lower(name || ' ' || brand || ' ' || active_ingredients)",
    );
  else await rebuildSqlite(db, ['name', 'brand', 'active_ingredients', 'about']);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await rebuildPostgres(db, "lower(name || ' ' || brand || ' ' || about)", "lower(name || ' ' || brand)");
  else await rebuildSqlite(db, ['name', 'brand', 'about']);
}
