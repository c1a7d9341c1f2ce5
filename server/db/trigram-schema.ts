import { sql, type Kysely } from 'kysely';

/** Where pg_trgm lives (public when migration 175 created it, elsewhere when it was there already), quoted. */
export async function trigramSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{
    s: string;
  }>`select n.nspname as s from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return `"${(rows[0]?.s ?? 'public').replaceAll('"', '""')}"`;
}
