import type { Kysely } from 'kysely';

/* Written against Kysely<any>: a migration is frozen in time and must not follow later schema types. */

const id = 'varchar(24)';

/**
 * - history_refusal_counts: refused history requests of a signed-in account, one counter per
 *   patient, account, action, target and hour. The first refusal of the hour is written to the
 *   (append-only) access log as before; the counter says how often it was tried, so a flood of
 *   refusals is one log row with a count instead of thousands of rows.
 * - checkouts.request_fingerprint: the address and expected total a checkout was sent with, so a
 *   reused Idempotency-Key with a different request is refused instead of answered with the
 *   earlier checkout ('' for checkouts made before: not compared).
 * - cart_items.price_cents: the product's price when the line was last put in the cart, what a
 *   checkout without an expected total is compared with (null for lines added before: not compared).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('history_refusal_counts')
    .addColumn('patient_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', id, (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('target', 'varchar(64)', (c) => c.notNull())
    .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('log_id', id, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('history_refusal_counts_pk', ['patient_id', 'actor_id', 'action', 'target', 'window_start'])
    .execute();
  await db.schema.createIndex('history_refusal_counts_log').on('history_refusal_counts').column('log_id').execute();
  await db.schema
    .alterTable('checkouts')
    .addColumn('request_fingerprint', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('cart_items').addColumn('price_cents', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart_items').dropColumn('price_cents').execute();
  await db.schema.alterTable('checkouts').dropColumn('request_fingerprint').execute();
  await db.schema.dropTable('history_refusal_counts').execute();
}
