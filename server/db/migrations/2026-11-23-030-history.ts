import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The history access log is append-only: the database itself refuses to rewrite an entry, so
 * no code path can quietly change who looked at a record. (Rows still go when the patient's
 * account is deleted, through the foreign key.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function history_access_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'The history access log is append-only'; end $$`.execute(db);
    await sql`create trigger history_access_log_no_update before update on history_access_log
      for each row execute function history_access_log_append_only()`.execute(db);
    return;
  }
  await sql`create trigger history_access_log_no_update before update on history_access_log
    begin select raise(abort, 'The history access log is append-only'); end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists history_access_log_no_update on history_access_log`.execute(db);
    await sql`drop function if exists history_access_log_append_only()`.execute(db);
    return;
  }
  await sql`drop trigger if exists history_access_log_no_update`.execute(db);
}
