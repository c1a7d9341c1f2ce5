import type { Transaction } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import { newId } from '../../lib/ids.js';
import { compiledOnce } from '../../db/compiled-once.js';

const linesQuery = compiledOnce((db, userId: string) =>
  db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .innerJoin('users as seller', 'seller.id', 'products.owner_id')
    .select([
      'cart_items.id',
      'cart_items.quantity',
      'cart_items.product_id',
      'products.slug',
      'products.name',
      'products.price_cents',
      'products.thumbnail',
      'products.quantity as stock',
      'products.deleted',
      'products.owner_id',
      'products.prescription_only',
      'products.active_ingredients',
      'seller.status as seller_status',
    ])
    .where('cart_items.user_id', '=', userId)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id'),
);

const productOnSaleQuery = compiledOnce((db, slug: string) =>
  db
    .selectFrom('products')
    .innerJoin('users as owner', 'owner.id', 'products.owner_id')
    .select(['products.id', 'products.name', 'products.quantity', 'products.owner_id', 'products.prescription_only'])
    .where('products.slug', '=', slug)
    .where('products.deleted', '=', 0)
    .where('owner.status', '=', 'approved'),
);

const upsertLineQuery = compiledOnce((db, id: string, userId: string, productId: string, quantity: number, now: string) =>
  db
    .insertInto('cart_items')
    .values({ id, user_id: userId, product_id: productId, quantity, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ quantity, updated_at: now })),
);

/** Cart lines, each joined to its product. The queries every cart change runs are compiled once. */
export function cartRepository(db: DB) {
  return {
    lines: (userId: string, executor: DB | Transaction<Database> = db) => linesQuery(executor, userId),

    productBySlug: async (slug: string) => (await productOnSaleQuery(db, slug))[0],

    /** Sets a line to an absolute quantity, creating it when missing (one line per product per user). */
    setQuantity: async (userId: string, productId: string, quantity: number) => {
      await upsertLineQuery(db, newId(), userId, productId, quantity, nowIso());
    },

    remove: (userId: string, productId: string) => db.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', '=', productId).execute(),
  };
}

export type CartLine = Awaited<ReturnType<ReturnType<typeof cartRepository>['lines']>>[number];

/** A line can be shown and bought only while its product is listed and its pharmacist is approved (not suspended). */
export const isOnSale = (line: Pick<CartLine, 'deleted' | 'seller_status'>) => Number(line.deleted) === 0 && line.seller_status === 'approved';
