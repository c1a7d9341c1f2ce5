import { badRequest } from '../../lib/errors.js';
import { amountToCents } from '../../lib/mappers.js';
import { cleanField } from '../../lib/form-text.js';
import type { ProductFields } from './dto.js';
import { stripTags } from '../../../shared/html-text.js';
import type { Sanitizer } from '../../lib/sanitizer.js';
import { cleanProductHtml } from '../shop/sanitize.js';

export interface ProductInput {
  name?: string;
  priceCents?: number;
  quantity?: number;
  categorySlug?: string;
  brand?: string;
  about?: string;
  description?: string;
  indications?: string;
  sideEffects?: string;
  contraindications?: string;
  /** Active ingredient names, for the safety check; [] for products without any (devices). */
  activeIngredients?: string[];
  prescriptionOnly?: boolean;
}

const maxPrice = 100_000;
const maxStock = 1_000_000;

/** Form field name → stored text column, with the label used in messages. */
const htmlFields = [
  ['about', 'about', 'The about text'],
  ['description', 'description', 'The description'],
  ['indications', 'indications', 'The indications'],
  ['sideEffects', 'sideEffects', 'The side effects'],
  ['contraindicationsAndWarnings', 'contraindications', 'The contraindications and warnings'],
] as const;

/**
 * Reads a product form. With `partial`, only the fields sent are returned (editing); otherwise
 * name, price, quantity and category are required (creating).
 */
export async function readProductForm(f: ProductFields, partial: boolean, sanitizer: Sanitizer): Promise<ProductInput> {
  const has = (key: keyof ProductFields) => f[key] !== undefined && cleanField(f[key]) !== '';
  const input: ProductInput = {};

  if (has('name') || !partial) {
    const name = cleanField(f.name).replace(/\s+/g, ' ');
    if (!name) throw badRequest('Please enter the product name');
    if (name.length > 200) throw badRequest('The product name can be at most 200 characters long');
    input.name = name;
  }
  if (has('price') || !partial) {
    const text = cleanField(f.price);
    const price = Number(text);
    if (!text || !Number.isFinite(price) || price <= 0) throw badRequest('Please enter a price greater than 0');
    if (price > maxPrice) throw badRequest(`The price can be at most ${maxPrice}`);
    if (Math.abs(price * 100 - Math.round(price * 100)) > 1e-6) throw badRequest('The price can have at most two decimals');
    input.priceCents = amountToCents(price);
  }
  if (has('quantity') || !partial) {
    const text = cleanField(f.quantity);
    const quantity = Number(text);
    if (!text || !Number.isInteger(quantity) || quantity < 0) throw badRequest('The quantity in stock must be a whole number of 0 or more');
    if (quantity > maxStock) throw badRequest(`The quantity in stock can be at most ${maxStock}`);
    input.quantity = quantity;
  }
  if (has('category') || !partial) {
    const slug = cleanField(f.category);
    if (!slug) throw badRequest('Please choose a category');
    input.categorySlug = slug;
  }
  if (f.brand !== undefined) {
    // Optional: the maker's brand, found by the shop search ("Panadol").
    const brand = cleanField(f.brand).replace(/\s+/g, ' ');
    if (brand.length > 100) throw badRequest('The brand can be at most 100 characters long');
    input.brand = brand;
  }
  if (f.activeIngredients !== undefined) input.activeIngredients = readIngredientList(cleanField(f.activeIngredients));
  if (f.prescriptionOnly !== undefined) input.prescriptionOnly = readFlag(cleanField(f.prescriptionOnly), 'prescriptionOnly');
  for (const [field, key, label] of htmlFields) {
    if (f[field] === undefined) continue;
    const clean = await cleanProductHtml(sanitizer, cleanField(f[field]), label);
    input[key] = key === 'about' ? stripTags(clean) : clean;
  }
  if (!partial && !input.about) throw badRequest('Please write a short text about the product');
  return input;
}

const maxIngredients = 20;

/** Ingredient names separated by commas or new lines (a JSON array arrives comma-joined). */
export function readIngredientList(text: string): string[] {
  const names = text
    .split(/[,\n]/)
    .map((n) => n.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  if (unique.length > maxIngredients) throw badRequest(`A product can list at most ${maxIngredients} active ingredients`);
  if (unique.some((n) => n.length > 80)) throw badRequest('Each active ingredient can be at most 80 characters long');
  return unique;
}

function readFlag(text: string, name: string): boolean {
  const value = text.toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(value)) return true;
  if (['false', '0', 'off', 'no', ''].includes(value)) return false;
  throw badRequest(`${name} must be true or false`);
}
