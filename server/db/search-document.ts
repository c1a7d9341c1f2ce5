import { sql, type Kysely } from 'kysely';

/**
 * The text a product is found by: its name, brand and summary. PostgreSQL indexes this exact
 * expression (a trigram GIN index, migration 2026-11-25-175), so a query must use
 * it verbatim for the indexes to apply; changing it needs a new migration that rebuilds them.
 * SQLite keeps the same three columns in the products_fts table instead.
 */
export const productDocumentSql = "lower(products.name || ' ' || products.brand || ' ' || products.about)";

/** Name and brand only: typos are matched here, where a word similarity is cheap to check (its own trigram index). */
export const productNamesSql = "lower(products.name || ' ' || products.brand)";

/** Where pg_trgm lives (public when migration 175 created it, elsewhere when it was there already), quoted. */
export async function trigramSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ s: string }>`select n.nspname as s from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return `"${(rows[0]?.s ?? 'public').replaceAll('"', '""')}"`;
}
