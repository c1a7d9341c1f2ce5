import type { Kysely } from 'kysely';

/**
 * Mail waiting to be handed to the mail server: every message is queued first and removed once the
 * server (or the embedded outbox) took it, so one the server refused or never answered is tried
 * again by every instance's scheduler. The message itself is sealed (it may hold a one-time link).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('about', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('claimed_until', 'varchar(32)')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_queue_due').on('mail_queue').column('next_attempt_at').execute();
  await db.schema.createIndex('mail_queue_about').on('mail_queue').column('about').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_queue').ifExists().execute();
}
