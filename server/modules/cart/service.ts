import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { toCartDto, type SetLine } from './dto.js';
import { cartRepository } from './repository.js';
import { prescriptionChecks } from '../prescriptions/checks.js';
import { keptRead } from '../../cache/kept-reads.js';
import { rowTags } from '../../cache/index.js';

export const outOfStock = 'Out of stock quantity';

/**
 * The product a cart change names, as on sale (not deleted, its seller approved): kept in memory
 * until a write to the product or its seller, so a change of the cart reads only the cart.
 */
const productOnSale = keptRead('product-on-sale', {
  tables: ['products', 'users'],
  key: (slug: string) => slug,
  read: (app, slug: string) => cartRepository(app.db).productBySlug(slug),
  tags: (product) => [...rowTags('products', product.id), ...rowTags('users', product.owner_id)],
});

export function cartService(app: App) {
  const repo = cartRepository(app.db);
  const prescriptions = prescriptionChecks(app.db);

  async function current(viewer: Viewer) {
    return toCartDto(viewer.id, await repo.lines(viewer.id), app.images);
  }

  return {
    current,

    /** `GET cart`: the cart in an array of one, or an empty array when there is nothing in it. */
    async list(viewer: Viewer) {
      const cart = await current(viewer);
      return { cart: cart.products.length ? [cart] : [] };
    },

    /** `POST cart`: sets one line to an absolute quantity; 0 takes it out. */
    async set(viewer: Viewer, { product: slug, quantity }: SetLine) {
      const product = await productOnSale(app, slug);
      if (!product) throw notFound('This product does not exist or is no longer sold');
      if (product.owner_id === viewer.id) throw forbidden('You cannot buy your own product');
      if (quantity > 0) {
        if (quantity > Number(product.quantity)) throw badRequest(outOfStock);
        // A prescription-only product goes in (or up) only as far as her valid prescriptions cover it.
        await prescriptions.assertCovered(viewer.id, product, quantity);
      }
      return { cart: toCartDto(viewer.id, await repo.setQuantity(viewer.id, product.id, quantity), app.images) };
    },

    async remove(viewer: Viewer, slug: string) {
      const product = await productOnSale(app, slug);
      if (!product) return { cart: await current(viewer) };
      return { cart: toCartDto(viewer.id, await repo.remove(viewer.id, product.id), app.images) };
    },
  };
}
