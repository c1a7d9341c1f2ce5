import type { Transaction } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database, OrderEventsTable, OrdersTable, RefundsTable } from '../../db/schema.js';
import { returnStock } from '../../db/stock.js';

type Trx = Transaction<Database>;

/** What every view of an order line reads of it: the buyer's and the seller's lists (checkout, pharmacy) and a store order's page. */
export const orderLineColumns = [
  'orders.id',
  'orders.product_id',
  'orders.product_name',
  'orders.quantity',
  'orders.price_cents',
  'orders.currency',
  'orders.delivery_status',
  'orders.location',
  'orders.country',
  'orders.government',
  'orders.created_at',
  'orders.updated_at',
] as const;

/** One checkout's orders seen as a store order: its payment, lines, status events and refunds. Queries only. */
export function ordersRepository(db: DB) {
  return {
    paymentById: (id: string) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst(),
    paymentByNumber: (number: string) => db.selectFrom('payments').selectAll().where('order_number', '=', number).executeTakeFirst(),

    lines: (executor: DB | Trx, paymentId: string) =>
      executor
        .selectFrom('orders')
        .leftJoin('products', 'products.id', 'orders.product_id')
        .select([...orderLineColumns, 'orders.seller_id', 'products.slug', 'products.thumbnail', 'orders.prescription_line_id', 'orders.refusal_reason'])
        .where('orders.payment_id', '=', paymentId)
        .orderBy('orders.id')
        .execute(),

    events: (orderIds: string[]) =>
      orderIds.length
        ? db.selectFrom('order_events').selectAll().where('order_id', 'in', orderIds).orderBy('created_at').orderBy('id').execute()
        : Promise.resolve([] as OrderEventsTable[]),

    /** Moves a line only from the status it was read in, so two requests cannot both apply. */
    moveLine: async (trx: Trx, id: string, from: OrdersTable['delivery_status'], to: OrdersTable['delivery_status'], at: string) => {
      const result = await trx
        .updateTable('orders')
        .set({ delivery_status: to, updated_at: at })
        .where('id', '=', id)
        .where('delivery_status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** A line's status as the database holds it now (inside a transaction: as committed by others so far). */
    lineStatus: async (trx: Trx, id: string) =>
      (await trx.selectFrom('orders').select('delivery_status').where('id', '=', id).executeTakeFirst())?.delivery_status,
    returnStock,
    addEvent: (trx: Trx, row: OrderEventsTable) => trx.insertInto('order_events').values(row).execute(),

    refunds: (paymentId: string) => db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).orderBy('created_at').orderBy('id').execute(),
    addRefund: (trx: Trx, row: RefundsTable) => trx.insertInto('refunds').values(row).execute(),
    /** Refunds still owed and not attempted since `before`, oldest first: the refund sweeper's candidates. */
    stalePendingRefunds: (before: string, limit: number) =>
      db.selectFrom('refunds').selectAll().where('status', '=', 'pending').where('updated_at', '<', before).orderBy('updated_at').limit(limit).execute(),
    /**
     * Takes a pending refund for one sweeper: only the instance whose update matched the row as it
     * read it goes on (as checkouts are claimed); the new time holds it back from the next passes a while.
     */
    claimRefund: async (refund: RefundsTable, now: string) => {
      const result = await db
        .updateTable('refunds')
        .set({ updated_at: now })
        .where('id', '=', refund.id)
        .where('status', '=', 'pending')
        .where('updated_at', '=', refund.updated_at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Marks a refund done once; a second confirmation of the same refund changes nothing. */
    refundDone: (id: string, reference: string, at: string) =>
      db
        .updateTable('refunds')
        .set({ status: 'refunded', provider_ref: reference, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute(),

    /** What reordering needs of a product: still sold, how many are left, who sells it. */
    products: (ids: string[]) =>
      ids.length
        ? db
            .selectFrom('products')
            .select(['id', 'slug', 'name', 'quantity', 'deleted', 'owner_id', 'prescription_only', 'active_ingredients'])
            .where('id', 'in', ids)
            .execute()
        : Promise.resolve([]),
  };
}

export type OrderLineRow = Awaited<ReturnType<ReturnType<typeof ordersRepository>['lines']>>[number];
