import type { Kysely } from 'kysely';

/**
 * - users.language: the language the portal writes to her in (emails, notifications), 'en' or 'ar'.
 *   Set from the browser's language at sign-up and whenever she switches language while signed in.
 * - notifications.message: what a notification says as a message key and its facts (JSON), so it is
 *   worded at read time in the reader's language; title and body keep the English wording, which
 *   older rows (without a message) show as they are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.alterTable('notifications').addColumn('message', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('message').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
}
