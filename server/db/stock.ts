import type { Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * Puts units back on a product's shelf. The one place for it: a checkout that fails releases
 * what it reserved, and a seller or buyer who refuses or cancels an order returns its units.
 */
export const returnStock = (trx: Transaction<Database>, productId: string, quantity: number) =>
  trx
    .updateTable('products')
    .set((eb) => ({ quantity: eb('quantity', '+', quantity) }))
    .where('id', '=', productId)
    .execute();
