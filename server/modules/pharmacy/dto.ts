import { z } from 'zod';
import { checked, cleanText, refuse, sentText, type FieldRule } from '../../lib/form-schema.js';
import { cleanField } from '../../lib/form-text.js';
import { centsToAmount } from '../../lib/mappers.js';
import type { ImageStore } from '../../storage/images.js';
import type { ReceivedOrderRow } from './repository.js';
import { readAcknowledgement } from '../prescriptions/dto.js';
import { brandRule, categorySlugRule, flagRule, ingredientsRule, priceRule, productNameRule, stockRule, unlessBlank, whenSent } from './product-fields.js';

export const deliveryStatuses = ['pending', 'shipped', 'delivered', 'cancelled'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** Where an order may go next: forward to delivery, or cancelled before it is delivered. */
export const nextStatuses: Record<DeliveryStatus, DeliveryStatus[]> = {
  pending: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

export const receivedOrderSchema = z.object({
  _id: z.string(),
  number: z.string(),
  medicine: z.object({ _id: z.string(), name: z.string(), slug: z.string(), thumbnail: z.string() }),
  buyer: z.object({ name: z.string(), phone: z.string() }),
  quantity: z.number(),
  price: z.number(),
  currency: z.string(),
  deliveryStatus: z.string(),
  nextStatuses: z.array(z.string()),
  location: z.string(),
  country: z.string(),
  government: z.string(),
  /** The prescription it was bought against (prescription-only products), for checking; null otherwise. */
  prescription: z
    .object({
      _id: z.string(),
      code: z.string(),
      issuedAt: z.string(),
      validUntil: z.string(),
      doctor: z.object({ name: z.string(), licenseNumber: z.string() }),
    })
    .nullable(),
  /** Safety warnings the buyer acknowledged at checkout. */
  acknowledgedWarnings: z.array(z.string()),
  /** Why the pharmacist refused it ('' unless refused). */
  refusalReason: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export function toReceivedOrder(row: ReceivedOrderRow, images: ImageStore): z.infer<typeof receivedOrderSchema> {
  const status = row.delivery_status as DeliveryStatus;
  return {
    _id: row.id,
    number: row.order_number,
    medicine: { _id: row.product_id, name: row.product_name, slug: row.slug ?? '', thumbnail: images.url(row.thumbnail ?? '') },
    buyer: { name: row.buyer_name, phone: row.buyer_phone },
    quantity: Number(row.quantity),
    price: centsToAmount(row.price_cents),
    currency: row.currency,
    deliveryStatus: status,
    nextStatuses: nextStatuses[status] ?? [],
    location: row.location,
    country: row.country,
    government: row.government,
    prescription: row.prescription_id
      ? {
          _id: row.prescription_id,
          code: row.prescription_code ?? '',
          issuedAt: row.prescription_issued_at ?? '',
          validUntil: row.prescription_valid_until ?? '',
          doctor: { name: row.prescriber_name ?? '', licenseNumber: row.prescriber_license ?? '' },
        }
      : null,
    acknowledgedWarnings: readAcknowledgement(row.safety_ack ?? ''),
    refusalReason: row.refusal_reason ?? '',
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The HTML texts of a product form: cleaned by the sanitizer's worker in product-form.ts. */
const productTexts = {
  about: sentText(),
  description: sentText().describe('HTML (sanitized)'),
  indications: sentText().describe('HTML (sanitized)'),
  sideEffects: sentText().describe('HTML (sanitized)'),
  contraindicationsAndWarnings: sentText().describe('HTML (sanitized)'),
};

/**
 * The fields of a product form; whether the category exists is checked by the service. A new
 * product needs its name, price, quantity and category; an edit changes only the ones given (a
 * blank one is left alone).
 */
function productFields(isNew: boolean) {
  const given = <V>(rule: FieldRule<V>) => (isNew ? checked(rule) : unlessBlank(rule));
  return {
    name: given(productNameRule),
    price: given(priceRule).describe('Greater than 0, at most two decimals'),
    quantity: given(stockRule).describe('Packs in stock'),
    category: given(categorySlugRule).describe('A category slug'),
    brand: whenSent(brandRule),
    ...productTexts,
    activeIngredients: whenSent(ingredientsRule).describe('Comma-separated names'),
    prescriptionOnly: whenSent(flagRule('prescriptionOnly')).describe('true or false'),
  };
}

/** `POST medicines`; `photos` and `thumbnail` are files. */
export const newProductBody = z.object(productFields(true));

/** `PATCH medicine`: only the fields given change. */
export const productChangesBody = z.object(productFields(false));

/** A product form's checked fields (the same shape new or edited). */
export type ProductFields = z.output<typeof productChangesBody>;

/** The status an order is moved to, as the form names it (older forms say deliveryStatus). */
export const statusAskedFor = (form: { status?: string; deliveryStatus?: string }) =>
  cleanField(form.status ?? form.deliveryStatus).toLowerCase() as DeliveryStatus;

/** `PATCH orders/status`: the next delivery status, and a reason when refusing. */
export const moveOrderBody = z
  .object({
    status: sentText().describe('pending, shipped, delivered or cancelled'),
    deliveryStatus: sentText().describe('status, as older forms name it'),
    reason: cleanText()
      .transform((reason) => reason.replace(/\s+/g, ' '))
      .describe('Why it is cancelled (needed for a prescription order)'),
  })
  // One check over the form: a wrong status is told before a long reason.
  .superRefine((form, ctx) => {
    if (!deliveryStatuses.includes(statusAskedFor(form))) return refuse(ctx, 'The delivery status must be pending, shipped, delivered or cancelled');
    if (form.reason.length > 500) return refuse(ctx, 'The reason can be at most 500 characters long');
  });
export type MoveOrder = z.output<typeof moveOrderBody>;
