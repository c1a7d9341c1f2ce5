import { z } from 'zod';
import { centsToAmount } from '../../lib/mappers.js';
import type { ImageStore } from '../../storage/images.js';
import type { ListedProduct } from './repository.js';
import { escapeText } from '../../../shared/html-text.js';
import { readIngredients } from '../prescriptions/safety.js';

export const productListItemSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  price: z.number(),
  quantity: z.number(),
  thumbnail: z.string(),
  about: z.string(),
  category: z.object({ name: z.string(), slug: z.string() }).nullable(),
  /** The active ingredients' names ([] for products without any, such as devices). */
  activeIngredients: z.array(z.string()),
  /** Sold only against a valid prescription of the buyer's that covers it. */
  prescriptionOnly: z.boolean(),
  owner: z.object({ _id: z.string(), username: z.string(), pharmacyName: z.string() }),
  created_at: z.string(),
});

export const productDetailSchema = productListItemSchema.extend({
  photos: z.array(z.object({ _id: z.string(), photo: z.string() })),
  description: z.string(),
  indications: z.string(),
  sideEffects: z.string(),
  contraindicationsAndWarnings: z.string(),
});

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  sub_categories: z.array(z.object({ _id: z.string(), name: z.string(), slug: z.string() })),
});

export type ProductListItem = z.infer<typeof productListItemSchema>;
export type ProductDetail = z.infer<typeof productDetailSchema>;

export function toListItem(row: ListedProduct, images: ImageStore): ProductListItem {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    price: centsToAmount(row.price_cents),
    quantity: Number(row.quantity),
    thumbnail: images.url(row.thumbnail),
    // Stored as plain text when written (pharmacy/product-form.ts): shown as it is.
    about: row.about,
    category: row.category_slug ? { name: row.category_name ?? '', slug: row.category_slug } : null,
    activeIngredients: readIngredients(row.active_ingredients),
    prescriptionOnly: Number(row.prescription_only) === 1,
    owner: { _id: row.owner_id, username: row.owner_username, pharmacyName: row.owner_pharmacy },
    created_at: row.created_at,
  };
}

export function toDetail(
  row: ListedProduct,
  texts: { about: string; description: string; indications: string; side_effects: string; contraindications: string },
  photos: { id: string; url: string }[],
  images: ImageStore,
): ProductDetail {
  return {
    ...toListItem(row, images),
    // Texts are sanitized when written, and rows from before were once (migration 2026-12-07-100):
    // a product page never parses HTML, so no stored text can make reading it slow.
    about: escapeText(texts.about),
    description: texts.description,
    indications: texts.indications,
    sideEffects: texts.side_effects,
    contraindicationsAndWarnings: texts.contraindications,
    photos: photos.length ? photos.map((p) => ({ _id: p.id, photo: images.url(p.url) })) : [{ _id: row.id, photo: images.url(row.thumbnail) }],
  };
}
