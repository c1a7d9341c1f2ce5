import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { trigramSchema } from '../trigram-schema.js';

/**
 * Shop search on PostgreSQL moves from trigram LIKE matching to full-text search, the way SQLite's
 * FTS5 works: the trigram rechecks re-read and re-lowered every matching product's whole text and
 * ranked each by word similarity, which took 60–140 ms for a common word on 50,000 products.
 * - products.search_document: the product's words, name and brand weighted A, ingredients B,
 *   summary D, kept by PostgreSQL itself (a stored generated column) and indexed with GIN.
 * - product_terms: every word that was ever indexed, for the typo correction and the "does any
 *   word start with this" check, like SQLite's products_fts_vocab. A trigger adds the words of
 *   each written product; words of deleted products stay (they then simply match nothing).
 * - The two trigram indexes are dropped; nothing else reads them.
 * SQLite is unchanged.
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table products add column search_document tsvector generated always as (
    setweight(to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(brand, '')), 'A')
    || setweight(to_tsvector('simple', coalesce(active_ingredients, '')), 'B')
    || setweight(to_tsvector('simple', coalesce(about, '')), 'D')) stored`.execute(db);
  await sql`create index products_search_document on products using gin (search_document)`.execute(db);
  // Byte order ("C"), as SQLite compares, so a prefix is the range [word, word + U+FFFF).
  await sql`create table product_terms (term text collate "C" primary key)`.execute(db);
  await sql`insert into product_terms (term) select distinct unnest(tsvector_to_array(search_document)) from products`.execute(db);
  await sql`create function portal_product_terms() returns trigger language plpgsql as $$ begin
      insert into product_terms (term) select unnest(tsvector_to_array(new.search_document)) on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger products_terms after insert or update of name, brand, active_ingredients, about on products
    for each row execute function portal_product_terms()`.execute(db);
  await sql`drop index if exists products_search_trgm`.execute(db);
  await sql`drop index if exists products_names_trgm`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger if exists products_terms on products`.execute(db);
  await sql`drop function if exists portal_product_terms()`.execute(db);
  await sql`drop table if exists product_terms`.execute(db);
  await sql`drop index if exists products_search_document`.execute(db);
  await sql`alter table products drop column if exists search_document`.execute(db);
  // The trigram indexes as migration 300 left them.
  const ops = sql.raw(`${await trigramSchema(db)}.gin_trgm_ops`);
  await sql`create index products_search_trgm on products using gin ((lower(name || ' ' || brand || ' ' || active_ingredients || ' ' || about)) ${ops})`.execute(
    db,
  );
  await sql`create index products_names_trgm on products using gin ((lower(name || ' ' || brand || ' ' || active_ingredients)) ${ops})`.execute(db);
}
