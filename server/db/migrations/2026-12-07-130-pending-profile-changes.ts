import type { Kysely } from 'kysely';

/* Written against Kysely<any>: a migration is frozen in time and must not follow later schema types. */

/**
 * A professional's change of name, department or licence number, waiting for an administrator: one
 * row per account (a newer request replaces the fields it names). Until it is approved the account
 * keeps being listed, and acts, under the approved values in `users`. A null field is not changed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_profile_changes')
    .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('specialization', 'text')
    .addColumn('license_number', 'text')
    .addColumn('pharmacy_license_number', 'text')
    .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_profile_changes_requested').on('pending_profile_changes').column('requested_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_profile_changes').execute();
}
