import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { indexDoctorWords } from '../../modules/doctors/search-words.js';

/* Written against Kysely<any>: a migration is frozen in time and must not follow later schema types. */

/**
 * What makes doctor search fast on thousands of doctors.
 * - doctor_search_words: each doctor's folded name and department words, looked up by word
 *   (exact, prefix or near a typo) instead of reading every doctor.
 * - users_doctor_search: the department and gender filters through an index.
 * - users.next_free_at, rating_avg, rating_count: each doctor's earliest free slot that had not
 *   begun when last computed, and his rating, kept in step by triggers on appointments and ratings
 *   so search can sort and page in the database. A next_free_at that has since passed is refreshed
 *   by the search itself before it sorts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('doctor_search_words')
    // Words are looked up by prefix ranges, so PostgreSQL compares them bytewise, as SQLite does.
    .addColumn('word', postgres ? sql`varchar(100) collate "C"` : 'varchar(100)', (c) => c.notNull())
    .addColumn('doctor_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('doctor_search_words_pk', ['word', 'doctor_id'])
    .execute();
  await db.schema.createIndex('doctor_search_words_doctor').on('doctor_search_words').column('doctor_id').execute();
  const doctors = await db.selectFrom('users').select(['id', 'name', 'specialization']).where('role', '=', 'doctor').execute();
  for (const d of doctors) await indexDoctorWords(db, d);

  await db.schema.alterTable('users').addColumn('next_free_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('users')
    .addColumn('rating_avg', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_next_free_at').on('users').column('next_free_at').execute();
  // The search filters (department as the lower-case text the filter compares, gender) without reading every user.
  await sql`create index users_doctor_search on users (role, status, (lower(specialization)), gender)`.execute(db);

  // Only slots that have not begun count; "now" in the same ISO form the portal stores.
  const now = postgres ? `to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const nextFree = (doctor: string) =>
    `update users set next_free_at = (select min(a.starts_at) from appointments a where a.doctor_id = ${doctor} and a.reserved = 0 and a.starts_at > ${now}) where id = ${doctor}`;
  const rating = (doctor: string) =>
    `update users set rating_avg = coalesce((select avg(r.rate) from ratings r where r.doctor_id = ${doctor}), 0), rating_count = (select count(*) from ratings r where r.doctor_id = ${doctor}) where id = ${doctor}`;

  if (postgres) {
    await sql
      .raw(
        `create function portal_doctor_next_free() returns trigger language plpgsql as $$ begin
          if tg_op <> 'INSERT' then ${nextFree('old.doctor_id')}; end if;
          if tg_op <> 'DELETE' then ${nextFree('new.doctor_id')}; end if;
          return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger appointments_next_free after insert or delete or update of reserved, starts_at, doctor_id on appointments for each row execute function portal_doctor_next_free()`,
      )
      .execute(db);
    await sql
      .raw(
        `create function portal_doctor_rating() returns trigger language plpgsql as $$ begin
          if tg_op <> 'INSERT' then ${rating('old.doctor_id')}; end if;
          if tg_op <> 'DELETE' then ${rating('new.doctor_id')}; end if;
          return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ratings_doctor_rating after insert or delete or update of rate, doctor_id on ratings for each row execute function portal_doctor_rating()`,
      )
      .execute(db);
  } else {
    await sql.raw(`create trigger appointments_next_free_insert after insert on appointments begin ${nextFree('new.doctor_id')}; end`).execute(db);
    await sql.raw(`create trigger appointments_next_free_delete after delete on appointments begin ${nextFree('old.doctor_id')}; end`).execute(db);
    await sql
      .raw(
        `create trigger appointments_next_free_update after update of reserved, starts_at, doctor_id on appointments begin ${nextFree('old.doctor_id')}; ${nextFree('new.doctor_id')}; end`,
      )
      .execute(db);
    await sql.raw(`create trigger ratings_doctor_rating_insert after insert on ratings begin ${rating('new.doctor_id')}; end`).execute(db);
    await sql.raw(`create trigger ratings_doctor_rating_delete after delete on ratings begin ${rating('old.doctor_id')}; end`).execute(db);
    await sql
      .raw(
        `create trigger ratings_doctor_rating_update after update of rate, doctor_id on ratings begin ${rating('old.doctor_id')}; ${rating('new.doctor_id')}; end`,
      )
      .execute(db);
  }
  // Existing doctors: compute once.
  await sql.raw(nextFree('users.id').replace(' where id = users.id', " where role = 'doctor'")).execute(db);
  await sql.raw(rating('users.id').replace(' where id = users.id', " where role = 'doctor'")).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger if exists appointments_next_free on appointments`.execute(db);
    await sql`drop trigger if exists ratings_doctor_rating on ratings`.execute(db);
    await sql`drop function if exists portal_doctor_next_free()`.execute(db);
    await sql`drop function if exists portal_doctor_rating()`.execute(db);
  } else {
    for (const t of [
      'appointments_next_free_insert',
      'appointments_next_free_delete',
      'appointments_next_free_update',
      'ratings_doctor_rating_insert',
      'ratings_doctor_rating_delete',
      'ratings_doctor_rating_update',
    ])
      await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  }
  await db.schema.dropIndex('users_doctor_search').ifExists().execute();
  await db.schema.dropIndex('users_next_free_at').ifExists().execute();
  for (const c of ['rating_count', 'rating_avg', 'next_free_at']) await db.schema.alterTable('users').dropColumn(c).execute();
  await db.schema.dropTable('doctor_search_words').ifExists().execute();
}
