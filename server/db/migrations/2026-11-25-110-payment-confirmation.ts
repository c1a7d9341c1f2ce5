import { sql, type Kysely } from 'kysely';

/**
 * Payments whose outcome is not known yet.
 * - A new checkout status, 'confirming': the card may have been charged (the provider timed out, or
 *   it approved but the orders could not be written). The sweeper asks the provider and settles it.
 * - order_details: what the sweeper needs to write the payment and orders without the buyer's
 *   request (card brand, last 4 digits, expiry; delivery address), as JSON text. Never the card number.
 * - At most one open (pending or confirming) checkout per user, so a cart that may have been paid
 *   cannot be paid again meanwhile.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('checkouts')
    .addColumn('order_details', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`drop index if exists checkouts_one_pending_per_user`.execute(db);
  await sql`create unique index checkouts_one_open_per_user on checkouts (user_id) where status in ('pending', 'confirming')`.execute(db);
  await db.schema.createIndex('checkouts_status_updated').on('checkouts').columns(['status', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists checkouts_status_updated`.execute(db);
  await sql`drop index if exists checkouts_one_open_per_user`.execute(db);
  await sql`create unique index checkouts_one_pending_per_user on checkouts (user_id) where status = 'pending'`.execute(db);
  await db.schema.alterTable('checkouts').dropColumn('order_details').execute();
}
