import type { Kysely } from 'kysely';

/* Written against Kysely<any>: a migration is frozen in time and must not follow later schema types. */

const id = 'varchar(24)';

/**
 * Verified email, one-time links (verification, reset, new email, two-factor sign-in step),
 * two-factor secrets and recovery codes, and what a session shows in the sessions list.
 * Accounts without an `account_security` row predate verification (seeded and existing
 * accounts) and count as verified, without two-factor sign-in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_security')
    .addColumn('user_id', id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mfa_secret', 'text')
    .addColumn('mfa_pending_secret', 'text')
    .addColumn('mfa_last_step', 'integer')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('account_tokens')
    // The SHA-256 of the secret sent by email: a stolen database holds no usable link.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('new_email', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('account_tokens_user_purpose').on('account_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('mfa_recovery_codes_user').on('mfa_recovery_codes').column('user_id').execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.dropTable('mfa_recovery_codes').execute();
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.dropTable('account_security').execute();
}
