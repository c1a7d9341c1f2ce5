import type { Kysely } from 'kysely';

/* Written against Kysely<any>: a migration is frozen in time and must not follow later schema types. */

/**
 * Wrong two-factor codes count per account, across sign-in steps (account_security):
 * - mfa_failures: tries of the code step in the current window, counted before each code is compared
 *   (a right code gives its try back), so what is left are the wrong ones;
 * - mfa_failures_since: when that window began;
 * - mfa_locked_until: the code step refuses every code, even the right one, until then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('account_security')
    .addColumn('mfa_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('account_security').addColumn('mfa_failures_since', 'varchar(32)').execute();
  await db.schema.alterTable('account_security').addColumn('mfa_locked_until', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_security').dropColumn('mfa_locked_until').execute();
  await db.schema.alterTable('account_security').dropColumn('mfa_failures_since').execute();
  await db.schema.alterTable('account_security').dropColumn('mfa_failures').execute();
}
