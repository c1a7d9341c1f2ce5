import { z } from 'zod';
import type { PaymentsTable } from '../../db/schema.js';
import { sentText } from '../../lib/form-schema.js';
import { centsToAmount } from '../../lib/mappers.js';
import type { ImageStore } from '../../storage/images.js';
import type { OrderRow } from './repository.js';

export const orderSchema = z.object({
  _id: z.string(),
  /** The order number shared by all lines of one checkout: the address of its order page. */
  number: z.string(),
  medicine: z.object({ _id: z.string(), name: z.string(), slug: z.string(), thumbnail: z.string() }),
  quantity: z.number(),
  price: z.number(),
  currency: z.string(),
  deliveryStatus: z.string(),
  location: z.string(),
  country: z.string(),
  government: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const paymentSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
  amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
});

/** An order: `price` is the line total (unit price times quantity). */
export function toOrderDto(row: OrderRow, images: ImageStore): z.infer<typeof orderSchema> {
  return {
    _id: row.id,
    number: row.order_number,
    medicine: { _id: row.product_id, name: row.product_name, slug: row.slug ?? '', thumbnail: images.url(row.thumbnail ?? '') },
    quantity: Number(row.quantity),
    price: centsToAmount(row.price_cents),
    currency: row.currency,
    deliveryStatus: row.delivery_status,
    location: row.location,
    country: row.country,
    government: row.government,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What is kept of a card: brand, last four digits and expiry. */
export function toPaymentDto(row: PaymentsTable): z.infer<typeof paymentSchema> {
  return {
    _id: row.id,
    orderNumber: row.order_number,
    brand: row.brand,
    last4: row.last4,
    exp_month: Number(row.exp_month),
    exp_year: Number(row.exp_year),
    amount: centsToAmount(row.amount_cents),
    currency: row.currency,
    created_at: row.created_at,
  };
}

/**
 * `POST checkout`: the fields as the card form sends them (checked by the service in the order a
 * person fixes them: card, then address, then the total; a signed-in buyer with a verified email first).
 */
export const checkoutBody = z.object({
  number: sentText().describe('The card number (spaces allowed)'),
  exp_month: sentText().describe('1 to 12'),
  exp_year: sentText().describe('2 or 4 digits'),
  cvc: sentText().describe('3 or 4 digits'),
  location: sentText().describe('The delivery address'),
  country: sentText(),
  government: sentText(),
  currency: sentText().describe('usd (the default)'),
  expectedTotal: sentText().describe('The total shown to her, e.g. 20.50'),
  expected_total: sentText().describe('expectedTotal, as older forms name it'),
  idempotencyKey: sentText().describe('When no Idempotency-Key header is sent'),
  idempotency_key: sentText(),
  acknowledgeWarnings: sentText().describe('true to buy despite the safety warnings listed in a 409'),
});
