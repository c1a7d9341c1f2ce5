import type { Kysely } from 'kysely';

/**
 * The card sandbox's own ledger, kept on its side as a real provider keeps its charges: one row per
 * idempotency key, a charge (approved or declined) or a refund of an approved charge. Every instance
 * and a restarted process see the same charges, so settling a checkout by asking the provider works
 * across instances and crashes. The app's own tables never read it; only server/payments/sandbox.ts does.
 * Also an index for the refund sweeper, which looks for refunds still pending since a while.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_ledger')
    .addColumn('idempotency_key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('charge_reference', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_ledger_charge').on('sandbox_ledger').columns(['charge_reference', 'kind']).execute();
  await db.schema.createIndex('refunds_status_updated').on('refunds').columns(['status', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('refunds_status_updated').ifExists().execute();
  await db.schema.dropTable('sandbox_ledger').ifExists().execute();
}
