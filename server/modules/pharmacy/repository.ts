import type { Transaction } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database, OrdersTable, ProductPhotosTable, ProductsTable } from '../../db/schema.js';
import { orderColumns } from '../checkout/repository.js';
import { returnStock } from '../../db/stock.js';

type Trx = Transaction<Database>;

/** A pharmacist's own products and the orders placed for them. Queries only. */
export function pharmacyRepository(db: DB) {
  return {
    categoryBySlug: (slug: string) => db.selectFrom('categories').select(['id', 'name', 'slug']).where('slug', '=', slug).executeTakeFirst(),
    slugTaken: async (slug: string) => Boolean(await db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst()),
    productBySlug: (slug: string) => db.selectFrom('products').selectAll().where('slug', '=', slug).where('deleted', '=', 0).executeTakeFirst(),
    ownSlugs: (ownerId: string) =>
      db
        .selectFrom('products')
        .select('slug')
        .where('owner_id', '=', ownerId)
        .where('deleted', '=', 0)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    insertProduct: (trx: Trx, row: ProductsTable) => trx.insertInto('products').values(row).execute(),
    updateProduct: (trx: Trx, id: string, changes: Partial<ProductsTable>) => trx.updateTable('products').set(changes).where('id', '=', id).execute(),
    photoUrls: async (productId: string) =>
      (await db.selectFrom('product_photos').select('url').where('product_id', '=', productId).execute()).map((r) => r.url),
    replacePhotos: async (trx: Trx, productId: string, rows: ProductPhotosTable[]) => {
      await trx.deleteFrom('product_photos').where('product_id', '=', productId).execute();
      if (rows.length) await trx.insertInto('product_photos').values(rows).execute();
    },
    /** Products stay in the database for their orders; they leave the catalogue and every cart. */
    softDelete: async (trx: Trx, id: string, at: string) => {
      await trx.updateTable('products').set({ deleted: 1, updated_at: at }).where('id', '=', id).execute();
      await trx.deleteFrom('cart_items').where('product_id', '=', id).execute();
    },

    ordersOfSeller: (sellerId: string, orderId?: string) => {
      let q = db
        .selectFrom('orders')
        .innerJoin('users as buyer', 'buyer.id', 'orders.user_id')
        .innerJoin('payments', 'payments.id', 'orders.payment_id')
        .leftJoin('products', 'products.id', 'orders.product_id')
        // The prescription it was bought against, for the pharmacist to check.
        .leftJoin('prescription_lines', 'prescription_lines.id', 'orders.prescription_line_id')
        .leftJoin('prescriptions', 'prescriptions.id', 'prescription_lines.prescription_id')
        .leftJoin('users as prescriber', 'prescriber.id', 'prescriptions.doctor_id')
        .select([
          ...orderColumns,
          'orders.seller_id',
          'orders.refusal_reason',
          'orders.safety_ack',
          'prescriptions.id as prescription_id',
          'prescriptions.code as prescription_code',
          'prescriptions.issued_at as prescription_issued_at',
          'prescriptions.valid_until as prescription_valid_until',
          'prescriber.name as prescriber_name',
          'prescriber.license_number as prescriber_license',
          'products.slug',
          'products.thumbnail',
          'buyer.name as buyer_name',
          'buyer.phone as buyer_phone',
        ])
        .where('orders.seller_id', '=', sellerId);
      if (orderId) q = q.where('orders.id', '=', orderId);
      return q.orderBy('orders.created_at', 'desc').orderBy('orders.id').execute();
    },
    order: (id: string) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Moves an order only from the status it was read in, so two clicks cannot both apply. */
    moveOrder: async (trx: Trx, id: string, from: OrdersTable['delivery_status'], to: OrdersTable['delivery_status'], at: string, reason = '') => {
      const result = await trx
        .updateTable('orders')
        .set({ delivery_status: to, updated_at: at, ...(reason ? { refusal_reason: reason } : {}) })
        .where('id', '=', id)
        .where('delivery_status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    returnStock,
  };
}

export type ReceivedOrderRow = Awaited<ReturnType<ReturnType<typeof pharmacyRepository>['ordersOfSeller']>>[number];
