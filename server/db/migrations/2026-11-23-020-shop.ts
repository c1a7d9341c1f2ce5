import { sql, type Kysely } from 'kysely';

/**
 * Checkout bookkeeping. A checkout first reserves stock and records what it reserved
 * (checkout_items), then charges the card outside any transaction, then commits or releases.
 * - cart_key: a fingerprint of the cart it was made from, so a duplicate submission of the
 *   same cart is recognised even without a client key.
 * - One checkout per user may be pending at a time (partial unique index), so two concurrent
 *   submissions can never both reserve and charge.
 * - status_code: the HTTP status of the outcome, so a retried key gets the same answer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('checkouts')
    .addColumn('cart_key', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('checkouts')
    .addColumn('status_code', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index checkouts_one_pending_per_user on checkouts (user_id) where status = 'pending'`.execute(db);

  await db.schema
    .createTable('checkout_items')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('checkout_id', 'varchar(24)', (c) => c.notNull().references('checkouts.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(24)', (c) => c.notNull().references('products.id'))
    .addColumn('seller_id', 'varchar(24)', (c) => c.notNull().references('users.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkout_items_checkout').on('checkout_items').column('checkout_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('checkout_items').ifExists().execute();
  await sql`drop index if exists checkouts_one_pending_per_user`.execute(db);
  await db.schema.alterTable('checkouts').dropColumn('status_code').execute();
  await db.schema.alterTable('checkouts').dropColumn('cart_key').execute();
}
