import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { trigramSchema } from '../trigram-schema.js';
import { newOrderNumber } from '../../modules/orders/number.js';

/**
 * Shop search and orders like a store.
 * - products.brand: the maker's brand name ("Panadol"), searched with the name and summary.
 * - Search indexes: on SQLite an FTS5 table kept in step by triggers (its vocabulary serves typo
 *   correction); on PostgreSQL a pg_trgm trigram GIN index over the same text
 *   (substrings and typos; full-text rank orders the matches).
 * - payments.order_number: the number a patient sees for one checkout (all its order lines).
 * - order_events: each order line's status changes, for the order page's timeline.
 * - refunds: money sent back for cancelled lines; a refund is 'pending' until the provider
 *   confirms it, so a failed or interrupted refund call can be retried with the same key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .alterTable('products')
    .addColumn('brand', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();

  if (postgres) {
    // Several databases (or test schemas) migrating at once on one server would race to create it.
    await sql`select pg_advisory_xact_lock(hashtext('portal:pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const ops = sql.raw(`${await trigramSchema(db)}.gin_trgm_ops`);
    // The indexed texts as they were at this migration (migration 300 rebuilds them with the ingredients).
    const doc = sql.raw("lower(name || ' ' || brand || ' ' || about)");
    await sql`create index products_search_trgm on products using gin ((${doc}) ${ops})`.execute(db);
    const names = sql.raw("lower(name || ' ' || brand)");
    await sql`create index products_names_trgm on products using gin ((${names}) ${ops})`.execute(db);
  } else {
    await sql`create virtual table products_fts using fts5(name, brand, about, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(db);
    await sql`create virtual table products_fts_vocab using fts5vocab(products_fts, 'row')`.execute(db);
    await sql`insert into products_fts (rowid, name, brand, about) select rowid, name, brand, about from products`.execute(db);
    await sql`create trigger products_fts_insert after insert on products begin
      insert into products_fts (rowid, name, brand, about) values (new.rowid, new.name, new.brand, new.about); end`.execute(db);
    await sql`create trigger products_fts_update after update of name, brand, about on products begin
      delete from products_fts where rowid = old.rowid;
      insert into products_fts (rowid, name, brand, about) values (new.rowid, new.name, new.brand, new.about); end`.execute(db);
    await sql`create trigger products_fts_delete after delete on products begin
      delete from products_fts where rowid = old.rowid; end`.execute(db);
  }
  // Every listing puts products in stock first, then newest: an index serves that order.
  await sql`create index products_in_stock_newest on products (deleted, (case when quantity > 0 then 0 else 1 end), created_at desc, id desc)`.execute(db);

  await db.schema
    .alterTable('payments')
    .addColumn('order_number', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
  const payments = await db.selectFrom('payments').select('id').execute();
  for (const p of payments) await db.updateTable('payments').set({ order_number: newOrderNumber() }).where('id', '=', p.id).execute();
  await db.schema.createIndex('payments_order_number_unique').on('payments').column('order_number').unique().execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(24)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('payment_id', 'varchar(24)', (c) => c.notNull().references('payments.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_payment').on('refunds').column('payment_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refunds').ifExists().execute();
  await db.schema.dropTable('order_events').ifExists().execute();
  await sql`drop index if exists payments_order_number_unique`.execute(db);
  await db.schema.alterTable('payments').dropColumn('order_number').execute();
  await sql`drop index if exists products_in_stock_newest`.execute(db);
  if (isPostgres(db)) {
    await sql`drop index if exists products_names_trgm`.execute(db);
    await sql`drop index if exists products_search_trgm`.execute(db);
  } else {
    for (const t of ['products_fts_insert', 'products_fts_update', 'products_fts_delete']) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    await sql`drop table if exists products_fts_vocab`.execute(db);
    await sql`drop table if exists products_fts`.execute(db);
  }
  await db.schema.alterTable('products').dropColumn('brand').execute();
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
