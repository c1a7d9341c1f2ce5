import { badRequest } from '../../lib/errors.js';
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

/** Form field name → stored text column, with the label used in messages. */
const htmlFields = [
  ['about', 'about', 'The about text'],
  ['description', 'description', 'The description'],
  ['indications', 'indications', 'The indications'],
  ['sideEffects', 'sideEffects', 'The side effects'],
  ['contraindicationsAndWarnings', 'contraindications', 'The contraindications and warnings'],
] as const;

/**
 * A product form as stored: its plain fields come checked by the body schema (dto.ts); its HTML
 * texts are cleaned here, in the sanitizer's worker. With `partial` (editing), only the texts sent
 * are returned; a new product needs its about text. `owner` is the pharmacist whose texts they are.
 */
export async function readProductForm(f: ProductFields, partial: boolean, sanitizer: Sanitizer, owner: string): Promise<ProductInput> {
  const input: ProductInput = {
    name: f.name,
    priceCents: f.price,
    quantity: f.quantity,
    categorySlug: f.category,
    brand: f.brand,
    activeIngredients: f.activeIngredients,
    prescriptionOnly: f.prescriptionOnly,
  };
  for (const [field, key, label] of htmlFields) {
    if (f[field] === undefined) continue;
    const clean = await cleanProductHtml(sanitizer, cleanField(f[field]), label, owner);
    // The about text is stored as plain text: lists show it as it is, the product page escapes it.
    input[key] = key === 'about' ? stripTags(clean) : clean;
  }
  // Known only once the HTML is cleaned: an about text of tags alone is empty.
  if (!partial && !input.about) throw badRequest('Please write a short text about the product');
  return input;
}
