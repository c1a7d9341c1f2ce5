import type { Transaction } from 'kysely';
import type { DB } from '../../db/index.js';
import type { CheckoutItemsTable, CheckoutsTable, Database, OrdersTable, PaymentsTable } from '../../db/schema.js';
import { returnStock } from '../../db/stock.js';
import { orderLineColumns } from '../orders/repository.js';

type Trx = Transaction<Database>;

/** What a buyer's or a seller's list shows of an order (joined with its payment for the number, its product for slug and picture). */
export const orderColumns = [...orderLineColumns, 'payments.order_number'] as const;

/** Checkouts, the stock they reserve, and the payments and orders they turn into. Queries only. */
export function checkoutRepository(db: DB) {
  return {
    byKey: (userId: string, key: string) =>
      db.selectFrom('checkouts').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst(),
    byId: (id: string) => db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst(),
    latestForCart: (userId: string, cartKey: string) =>
      db
        .selectFrom('checkouts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('cart_key', '=', cartKey)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    /** The user's checkout that was in flight or settled at or after a moment. */
    activeSince: (userId: string, since: string) =>
      db
        .selectFrom('checkouts')
        .selectAll()
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('status', 'in', ['pending', 'confirming']), eb('updated_at', '>=', since)]))
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    /** Checkouts whose outcome was lost: pending since before `staleBefore` (cut off), or confirming and not looked at since `recheckBefore`. */
    unsettled: (staleBefore: string, recheckBefore: string, limit: number) =>
      db
        .selectFrom('checkouts')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('updated_at', '<', staleBefore)]),
            eb.and([eb('status', '=', 'confirming'), eb('updated_at', '<', recheckBefore)]),
          ]),
        )
        .orderBy('updated_at')
        .limit(limit)
        .execute(),
    /** Takes a checkout for one sweeper: only the instance whose update matched the row it read goes on. */
    claim: async (checkout: CheckoutsTable, now: string) => {
      const result = await db
        .updateTable('checkouts')
        .set({ updated_at: now })
        .where('id', '=', checkout.id)
        .where('status', '=', checkout.status)
        .where('updated_at', '=', checkout.updated_at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    insertCheckout: (trx: Trx, row: CheckoutsTable) => trx.insertInto('checkouts').values(row).execute(),
    insertItems: (trx: Trx, rows: CheckoutItemsTable[]) => trx.insertInto('checkout_items').values(rows).execute(),
    items: (db2: DB | Trx, checkoutId: string) =>
      db2.selectFrom('checkout_items').selectAll().where('checkout_id', '=', checkoutId).orderBy('product_id').execute(),

    /** Takes stock only while enough is left: the database decides, so concurrent buyers cannot oversell. */
    reserveStock: async (trx: Trx, productId: string, quantity: number) => {
      const result = await trx
        .updateTable('products')
        .set((eb) => ({ quantity: eb('quantity', '-', quantity) }))
        .where('id', '=', productId)
        .where('deleted', '=', 0)
        .where('quantity', '>=', quantity)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    returnStock,

    /** Moves an open (pending or confirming) checkout to its outcome; false when another process already settled it. */
    settle: async (trx: Trx, id: string, changes: Partial<CheckoutsTable>) => {
      const result = await trx.updateTable('checkouts').set(changes).where('id', '=', id).where('status', 'in', ['pending', 'confirming']).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    insertPayment: (trx: Trx, row: PaymentsTable) => trx.insertInto('payments').values(row).execute(),
    insertOrders: (trx: Trx, rows: OrdersTable[]) => trx.insertInto('orders').values(rows).execute(),
    emptyCart: (trx: Trx, userId: string, productIds: string[]) =>
      productIds.length ? trx.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', 'in', productIds).execute() : Promise.resolve([]),

    ordersOfUser: (userId: string) =>
      db
        .selectFrom('orders')
        .innerJoin('payments', 'payments.id', 'orders.payment_id')
        .leftJoin('products', 'products.id', 'orders.product_id')
        .select([...orderColumns, 'products.slug', 'products.thumbnail'])
        .where('orders.user_id', '=', userId)
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id')
        .execute(),
    ordersOfPayment: (paymentId: string) => db.selectFrom('orders').select('id').where('payment_id', '=', paymentId).execute(),
    paymentsOfUser: (userId: string) => db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute(),
    payment: (id: string) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof checkoutRepository>['ordersOfUser']>>[number];
