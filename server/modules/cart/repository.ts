import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import { newId } from '../../lib/ids.js';
import { compiledOnce } from '../../db/compiled-once.js';
import { grouped } from '../../db/grouped.js';

/** A user's lines (or several users'), each joined to its product and seller, in the order they were added. */
const linesSelect = (db: DB | Transaction<Database>) =>
  db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .innerJoin('users as seller', 'seller.id', 'products.owner_id')
    .select([
      'cart_items.user_id',
      'cart_items.id',
      'cart_items.quantity',
      'cart_items.product_id',
      'cart_items.price_cents as held_price_cents',
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
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id');

const linesQuery = compiledOnce((db, userId: string) => linesSelect(db).where('cart_items.user_id', '=', userId));

const productOnSaleQuery = compiledOnce((db, slug: string) =>
  db
    .selectFrom('products')
    .innerJoin('users as owner', 'owner.id', 'products.owner_id')
    .select(['products.id', 'products.name', 'products.quantity', 'products.owner_id', 'products.prescription_only', 'products.active_ingredients'])
    .where('products.slug', '=', slug)
    .where('products.deleted', '=', 0)
    .where('owner.status', '=', 'approved'),
);

/** The product's price now: what a line holds when it is put in (or changed in) the cart, as the buyer then sees it. */
const priceNow = (productId: string) => sql<number>`(select price_cents from products where id = ${productId})`;

const upsertLineQuery = compiledOnce((db, id: string, userId: string, productId: string, quantity: number, now: string) =>
  db
    .insertInto('cart_items')
    .values({ id, user_id: userId, product_id: productId, quantity, price_cents: priceNow(productId), created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({ quantity, price_cents: eb.ref('excluded.price_cents'), updated_at: now })),
    ),
);

interface LineChange {
  userId: string;
  productId: string;
  /** The line's new quantity; 0 takes it out. */
  quantity: number;
}

/**
 * Writes changes of distinct lines, one upsert for those kept and one delete for those taken out,
 * then reads the carts they changed: each change's result is its user's lines once it is written.
 */
async function writeLines(db: DB, changes: LineChange[]) {
  const now = nowIso();
  const kept = changes.filter((c) => c.quantity > 0);
  const removed = changes.filter((c) => c.quantity === 0);
  const write = async (executor: DB | Transaction<Database>) => {
    if (kept.length === 1) {
      const [c] = kept as [LineChange];
      await upsertLineQuery(executor, newId(), c.userId, c.productId, c.quantity, now);
    } else if (kept.length) {
      await executor
        .insertInto('cart_items')
        .values(
          kept.map((c) => ({
            id: newId(),
            user_id: c.userId,
            product_id: c.productId,
            quantity: c.quantity,
            price_cents: priceNow(c.productId),
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({
            quantity: eb.ref('excluded.quantity'),
            price_cents: eb.ref('excluded.price_cents'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    if (removed.length) {
      await executor
        .deleteFrom('cart_items')
        .where((eb) => eb.or(removed.map((c) => eb.and([eb('user_id', '=', c.userId), eb('product_id', '=', c.productId)]))))
        .execute();
    }
  };
  // One statement commits on its own; both kinds commit together.
  if (kept.length && removed.length) await db.transaction().execute(write);
  else await write(db);
  const users = [...new Set(changes.map((c) => c.userId))];
  const carts = new Map((await linesOfUsers(db, users)).map((lines, i) => [users[i]!, lines]));
  return changes.map((c) => carts.get(c.userId)!);
}

/** Several users' lines in one query, each user's in the order they were added. */
async function linesOfUsers(db: DB, userIds: string[]) {
  if (userIds.length === 1) return [await linesQuery(db, userIds[0]!)];
  const rows = await linesSelect(db).where('cart_items.user_id', 'in', userIds).execute();
  return userIds.map((id) => rows.filter((row) => row.user_id === id));
}

/**
 * Per database: line changes, and reads of carts outside a transaction, that arrive while earlier
 * ones are running go to the database together (db/grouped.ts). A cart change is then one commit
 * shared by everyone who changed a line meanwhile, and one read of their carts after it.
 */
const groupsOf = new WeakMap<DB, ReturnType<typeof groupsFor>>();
const groupsFor = (db: DB) => ({
  change: grouped<LineChange, CartRow[]>({ key: (c) => `${c.userId} ${c.productId}`, run: (changes) => writeLines(db, changes) }),
  read: grouped<string, CartRow[]>({ key: (userId) => userId, run: (userIds) => linesOfUsers(db, userIds) }),
});
function groups(db: DB) {
  let found = groupsOf.get(db);
  if (!found) groupsOf.set(db, (found = groupsFor(db)));
  return found;
}

type CartRow = Awaited<ReturnType<typeof linesQuery>>[number];

/** Cart lines, each joined to its product. */
export function cartRepository(db: DB) {
  return {
    /** A user's lines: read inside the transaction when one is given, otherwise together with other reads of carts. */
    lines: (userId: string, trx?: Transaction<Database>) => (trx ? linesQuery(trx, userId) : groups(db).read(userId)),

    productBySlug: async (slug: string) => (await productOnSaleQuery(db, slug))[0],

    /**
     * Sets a line to an absolute quantity, creating it when missing (one line per product per user);
     * 0 takes it out. Resolves to the user's lines once the change is written.
     */
    setQuantity: (userId: string, productId: string, quantity: number) => groups(db).change({ userId, productId, quantity }),

    /** Her lines hold their products' prices now: she has been shown them (a checkout refused for a raised price). */
    holdCurrentPrices: (userId: string) =>
      db
        .updateTable('cart_items')
        .set({ price_cents: sql<number>`(select price_cents from products where products.id = cart_items.product_id)` })
        .where('user_id', '=', userId)
        .execute(),

    /** Takes a line out; resolves to the user's lines once it is. */
    remove: (userId: string, productId: string) => groups(db).change({ userId, productId, quantity: 0 }),
  };
}

export type CartLine = Awaited<ReturnType<ReturnType<typeof cartRepository>['lines']>>[number];

/** A line can be shown and bought only while its product is listed and its pharmacist is approved (not suspended). */
export const isOnSale = (line: Pick<CartLine, 'deleted' | 'seller_status'>) => Number(line.deleted) === 0 && line.seller_status === 'approved';
