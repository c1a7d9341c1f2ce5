import { z } from 'zod';
import type { PaymentsTable } from '../../db/schema.js';
import { problem } from '../../lib/errors.js';
import { refuse, sentText } from '../../lib/form-schema.js';
import { cleanField } from '../../lib/form-text.js';
import { cardProblem } from '../../payments/card.js';
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

/** The delivery address as kept: trimmed, its spaces collapsed. */
export const deliveryAddress = (raw: string | undefined) => cleanField(raw).replace(/\s+/g, ' ');
/** The currency asked for: usd when none is named. */
export const currencyOf = (raw: string | undefined) => (cleanField(raw) || 'usd').toLowerCase();
/** The total the buyer saw as sent ('' when not sent: API clients that do not confirm prices). */
export const expectedTotalText = (form: { expectedTotal?: string; expected_total?: string }) => cleanField(form.expectedTotal ?? form.expected_total);

/**
 * The first thing wrong with a checkout form, in the order a person fixes it: card, then address,
 * then the total. One check over the whole form, so that order holds whichever fields are wrong.
 */
function checkoutProblem(form: Record<string, string | undefined>): string | undefined {
  const card = cardProblem(form);
  if (card) return card;
  if (currencyOf(form.currency) !== 'usd') return problem('Payments are accepted in usd only');
  const location = deliveryAddress(form.location);
  if (!location) return problem('Please enter the delivery address');
  if (location.length > 500) return problem('The delivery address can be at most 500 characters long');
  const total = expectedTotalText(form);
  if (total && !(Number.isFinite(Number(total)) && Number(total) >= 0)) return problem('expectedTotal must be the amount shown to you, such as 20.50');
  return undefined;
}

/**
 * `POST checkout`: the fields as the card form sends them, checked here in the order a person fixes
 * them (checkoutProblem); the service checks only what needs the buyer, her cart or the
 * Idempotency-Key header.
 */
export const checkoutBody = z
  .object({
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
  })
  .superRefine((form, ctx) => {
    const problem = checkoutProblem(form);
    if (problem) refuse(ctx, problem);
  });
