import { z } from 'zod';
import { requiredText, wholeNumber } from '../../lib/form-schema.js';
import { centsToAmount } from '../../lib/mappers.js';
import type { ImageStore } from '../../storage/images.js';
import { isOnSale, type CartLine } from './repository.js';

export const cartSchema = z.object({
  _id: z.string(),
  products: z.array(
    z.object({
      _id: z.string(),
      product: z.object({ _id: z.string(), slug: z.string(), name: z.string(), price: z.number(), thumbnail: z.string(), stock: z.number() }),
      quantity: z.number(),
    }),
  ),
  total: z.number(),
});

export type CartDto = z.infer<typeof cartSchema>;

/** The cart as the client reads it. Lines of products no longer sold are left out. */
export function toCartDto(userId: string, lines: CartLine[], images: ImageStore): CartDto {
  const live = lines.filter(isOnSale);
  const totalCents = live.reduce((sum, l) => sum + Number(l.price_cents) * Number(l.quantity), 0);
  return {
    _id: userId,
    products: live.map((l) => ({
      _id: l.id,
      product: {
        _id: l.product_id,
        slug: l.slug,
        name: l.name,
        price: centsToAmount(l.price_cents),
        thumbnail: images.url(l.thumbnail),
        stock: Number(l.stock),
      },
      quantity: Number(l.quantity),
    })),
    total: centsToAmount(totalCents),
  };
}

/** `POST cart`: one line's absolute quantity (left out: 1; 0 takes the line out). */
export const setLineBody = z.object({
  product: requiredText('Please choose a product').describe('The product slug'),
  quantity: wholeNumber('The quantity must be a whole number of 0 or more', { min: 0, fallback: 1 }).describe('Packs; 0 removes the line (default 1)'),
});
export type SetLine = z.output<typeof setLineBody>;

/** `DELETE cart?product=`: the product slug is named in the query string. */
export const removeLineQuery = z.object({ product: requiredText('Please choose a product').describe('The product slug') });
