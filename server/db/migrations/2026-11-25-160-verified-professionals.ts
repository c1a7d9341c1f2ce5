import type { Kysely } from 'kysely';

/* Written against Kysely<any>: a migration is frozen in time and must not follow later schema types. */

const id = 'varchar(24)';

/**
 * Verified professionals: an account status (professionals start pending until an administrator
 * approves them), their licence, the administrators' audit log, unpublishing with a reason, the
 * reason each history read was allowed, and refused guest reads counted per address.
 * Existing accounts were already acting, so they start approved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('approved'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('status_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('license_number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('pharmacy_license_number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('license_document', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('users_role_status').on('users').columns(['role', 'status']).execute();

  await db.schema
    .createTable('admin_audit')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('actor_id', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', id, (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_created').on('admin_audit').columns(['created_at', 'id']).execute();

  await db.schema
    .alterTable('blogs')
    .addColumn('unpublished', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('blogs')
    .addColumn('unpublished_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('unpublished_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .alterTable('history_access_log')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('history_guest_refusals')
    .addColumn('patient_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('history_guest_refusals_pk', ['patient_id', 'address'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('history_guest_refusals').execute();
  await db.schema.alterTable('history_access_log').dropColumn('reason').execute();
  await db.schema.alterTable('products').dropColumn('unpublished_reason').execute();
  await db.schema.alterTable('blogs').dropColumn('unpublished_reason').execute();
  await db.schema.alterTable('blogs').dropColumn('unpublished').execute();
  await db.schema.dropTable('admin_audit').execute();
  await db.schema.dropIndex('users_role_status').execute();
  for (const column of ['license_document', 'pharmacy_license_number', 'license_number', 'status_reason', 'status']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
