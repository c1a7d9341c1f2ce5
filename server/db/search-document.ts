import { sql, type Kysely } from 'kysely';

/**
 * The text a product is found by: its name, brand, active ingredients (a JSON array of names, whose
 * brackets and quotes separate words like spaces) and summary. PostgreSQL indexes this exact
 * expression (a trigram GIN index, migration 2026-11-25-300), so a query must use it verbatim for
 * the index to apply; changing it needs a new migration that rebuilds the index. SQLite keeps the
 * same columns in the products_fts table instead.
 */
export const productDocumentSql = "lower(products.name || ' ' || products.brand || ' ' || products.active_ingredients || ' ' || products.about)";

/**
 * Name, brand and ingredients, the names a product goes by: typos are matched here, where a word
 * similarity is cheap to check (its own trigram index).
 */
export const productNamesSql = "lower(products.name || ' ' || products.brand || ' ' || products.active_ingredients)";

/** Where pg_trgm lives (public when migration 175 created it, elsewhere when it was there already), quoted. */
export async function trigramSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{
    s: string;
  }>`select n.nspname as s from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return `"${(rows[0]?.s ?? 'public').replaceAll('"', '""')}"`;
}
