import { z } from 'zod';
import { sentText } from '../../lib/form-schema.js';
import { centsToAmount } from '../../lib/mappers.js';
import type { ImageStore } from '../../storage/images.js';
import type { ReceivedOrderRow } from './repository.js';
import { readAcknowledgement } from '../prescriptions/dto.js';

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

/**
 * A product form (creating, or editing only the fields sent). The rules depend on whether it is
 * new and on stored data, so product-form.ts checks the fields; `photos` and `thumbnail` are files.
 */
export const productBody = z.object({
  name: sentText(),
  price: sentText().describe('Greater than 0, at most two decimals'),
  quantity: sentText().describe('Packs in stock'),
  category: sentText().describe('A category slug'),
  brand: sentText(),
  about: sentText(),
  description: sentText().describe('HTML (sanitized)'),
  indications: sentText().describe('HTML (sanitized)'),
  sideEffects: sentText().describe('HTML (sanitized)'),
  contraindicationsAndWarnings: sentText().describe('HTML (sanitized)'),
  activeIngredients: sentText().describe('Comma-separated names'),
  prescriptionOnly: sentText().describe('true or false'),
});
export type ProductFields = z.output<typeof productBody>;

/** `PATCH orders/status`: the next delivery status, and a reason when refusing. */
export const moveOrderBody = z.object({
  status: sentText().describe('pending, shipped, delivered or cancelled'),
  deliveryStatus: sentText().describe('status, as older forms name it'),
  reason: sentText().describe('Why it is cancelled (needed for a prescription order)'),
});
export type MoveOrder = z.output<typeof moveOrderBody>;
