import { formText, refuse, type FieldRule } from '../../lib/form-schema.js';
import { cleanField } from '../../lib/form-text.js';
import { amountToCents } from '../../lib/mappers.js';

/** The rules of a product form's plain fields, one each; the HTML texts are cleaned by product-form.ts. */

const maxPrice = 100_000;
const maxStock = 1_000_000;
const maxIngredients = 20;

/** Spaces collapsed, so a name or brand cannot differ from another by its spacing only. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

export const productNameRule: FieldRule<string> = (text, ctx) => {
  const name = oneLine(text);
  if (!name) return refuse(ctx, 'Please enter the product name');
  if (name.length > 200) return refuse(ctx, 'The product name can be at most 200 characters long');
  return name;
};

/** The price in cents: greater than 0, at most maxPrice, at most two decimals. */
export const priceRule: FieldRule<number> = (text, ctx) => {
  const price = Number(text);
  if (!text || !Number.isFinite(price) || price <= 0) return refuse(ctx, 'Please enter a price greater than 0');
  if (price > maxPrice) return refuse(ctx, `The price can be at most ${maxPrice}`);
  if (Math.abs(price * 100 - Math.round(price * 100)) > 1e-6) return refuse(ctx, 'The price can have at most two decimals');
  return amountToCents(price);
};

export const stockRule: FieldRule<number> = (text, ctx) => {
  const quantity = Number(text);
  if (!text || !Number.isInteger(quantity) || quantity < 0) return refuse(ctx, 'The quantity in stock must be a whole number of 0 or more');
  if (quantity > maxStock) return refuse(ctx, `The quantity in stock can be at most ${maxStock}`);
  return quantity;
};

/** A category slug; whether it exists is the service's question. */
export const categorySlugRule: FieldRule<string> = (slug, ctx) => slug || refuse(ctx, 'Please choose a category');

/** Optional: the maker's brand, found by the shop search ("Panadol"). */
export const brandRule: FieldRule<string> = (text, ctx) => {
  const brand = oneLine(text);
  return brand.length > 100 ? refuse(ctx, 'The brand can be at most 100 characters long') : brand;
};

/** Ingredient names separated by commas or new lines (a JSON array arrives comma-joined), without repeats. */
export const ingredientsRule: FieldRule<string[]> = (text, ctx) => {
  const names = text
    .split(/[,\n]/)
    .map((n) => oneLine(n).trim())
    .filter(Boolean);
  const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  if (unique.length > maxIngredients) return refuse(ctx, `A product can list at most ${maxIngredients} active ingredients`);
  if (unique.some((n) => n.length > 80)) return refuse(ctx, 'Each active ingredient can be at most 80 characters long');
  return unique;
};

/** A true/false switch as forms send it; empty means false. */
export const flagRule =
  (name: string): FieldRule<boolean> =>
  (text, ctx) => {
    const value = text.toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(value)) return true;
    if (['false', '0', 'off', 'no', ''].includes(value)) return false;
    return refuse(ctx, `${name} must be true or false`);
  };

/** A field of an edit that only counts when it has a value: missing or blank leaves it unchanged (`undefined`). */
export const unlessBlank = <T>(rule: FieldRule<T>) =>
  formText.optional().transform((value, ctx) => (cleanField(value) ? rule(cleanField(value), ctx) : undefined));

/** A field that counts whenever it is sent (blank clears it); `undefined` when not sent. */
export const whenSent = <T>(rule: FieldRule<T>) =>
  formText.optional().transform((value, ctx) => (value === undefined ? undefined : rule(cleanField(value), ctx)));
