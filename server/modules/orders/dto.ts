import { z } from 'zod';
import type { OrderEventsTable, PaymentsTable, RefundsTable } from '../../db/schema.js';
import { centsToAmount } from '../../lib/mappers.js';
import type { ImageStore } from '../../storage/images.js';
import type { OrderLineRow } from './repository.js';

const lineSchema = z.object({
  _id: z.string(),
  medicine: z.object({ _id: z.string(), name: z.string(), slug: z.string(), thumbnail: z.string() }),
  quantity: z.number(),
  unitPrice: z.number(),
  total: z.number(),
  deliveryStatus: z.string(),
  /** Why the pharmacist refused this line ('' unless refused). */
  refusalReason: z.string(),
});

export const orderPageSchema = z.object({
  number: z.string(),
  placedAt: z.string(),
  /** pending, shipped (some or all lines on the way), delivered, or cancelled (every line). */
  status: z.string(),
  currency: z.string(),
  lines: z.array(lineSchema),
  totals: z.object({ items: z.number(), subtotal: z.number(), cancelled: z.number(), total: z.number(), refunded: z.number() }),
  delivery: z.object({ location: z.string(), country: z.string(), government: z.string() }),
  /** The card summary, for the buyer only. */
  payment: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number(), amount: z.number(), paidAt: z.string() }).nullable(),
  refunds: z.array(z.object({ amount: z.number(), status: z.string(), created_at: z.string(), updated_at: z.string() })),
  timeline: z.array(z.object({ status: z.string(), at: z.string(), item: z.string() })),
  /** What the person asking may do: cancel while every line is pending; send again a refund that did not go through. */
  canCancel: z.boolean(),
  canRetryRefund: z.boolean(),
});

export type OrderPage = z.infer<typeof orderPageSchema>;

/** The order's overall status from its lines: cancelled lines count only when all are. */
export function overallStatus(statuses: string[]): string {
  const live = statuses.filter((s) => s !== 'cancelled');
  if (!live.length) return 'cancelled';
  if (live.every((s) => s === 'delivered')) return 'delivered';
  if (live.some((s) => s === 'shipped' || s === 'delivered')) return 'shipped';
  return 'pending';
}

export function toOrderPage(
  payment: PaymentsTable,
  lines: OrderLineRow[],
  events: OrderEventsTable[],
  refunds: RefundsTable[],
  images: ImageStore,
  asBuyer: boolean,
): OrderPage {
  const names = new Map(lines.map((l) => [l.id, l.product_name]));
  const cents = (l: OrderLineRow) => Number(l.price_cents);
  const subtotal = lines.reduce((sum, l) => sum + cents(l), 0);
  const cancelled = lines.filter((l) => l.delivery_status === 'cancelled').reduce((sum, l) => sum + cents(l), 0);
  const refunded = refunds.filter((r) => r.status === 'refunded').reduce((sum, r) => sum + Number(r.amount_cents), 0);
  const first = lines[0];
  const status = overallStatus(lines.map((l) => l.delivery_status));
  const timeline = [
    { status: 'placed', at: payment.created_at, item: '' },
    ...events.map((e) => ({ status: e.status, at: e.created_at, item: names.get(e.order_id) ?? '' })),
    ...(asBuyer
      ? refunds
          .filter((r) => r.status === 'refunded')
          .map((r) => ({ status: 'refunded', at: r.updated_at, item: centsToAmount(Number(r.amount_cents)).toFixed(2) }))
      : []),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    number: payment.order_number,
    placedAt: payment.created_at,
    status,
    currency: payment.currency,
    lines: lines.map((l) => ({
      _id: l.id,
      medicine: { _id: l.product_id, name: l.product_name, slug: l.slug ?? '', thumbnail: images.url(l.thumbnail ?? '') },
      quantity: Number(l.quantity),
      // Order lines keep the line total; the unit price is derived for the receipt.
      unitPrice: centsToAmount(Math.round(cents(l) / Math.max(1, Number(l.quantity)))),
      total: centsToAmount(cents(l)),
      deliveryStatus: l.delivery_status,
      refusalReason: l.refusal_reason ?? '',
    })),
    totals: {
      items: lines.reduce((sum, l) => sum + Number(l.quantity), 0),
      subtotal: centsToAmount(subtotal),
      cancelled: centsToAmount(cancelled),
      total: centsToAmount(subtotal - cancelled),
      refunded: asBuyer ? centsToAmount(refunded) : 0,
    },
    delivery: { location: first?.location ?? '', country: first?.country ?? '', government: first?.government ?? '' },
    payment: asBuyer
      ? {
          brand: payment.brand,
          last4: payment.last4,
          exp_month: Number(payment.exp_month),
          exp_year: Number(payment.exp_year),
          amount: centsToAmount(Number(payment.amount_cents)),
          paidAt: payment.created_at,
        }
      : null,
    refunds: asBuyer
      ? refunds.map((r) => ({ amount: centsToAmount(Number(r.amount_cents)), status: r.status, created_at: r.created_at, updated_at: r.updated_at }))
      : [],
    timeline,
    canCancel: asBuyer && status === 'pending' && lines.every((l) => l.delivery_status === 'pending' || l.delivery_status === 'cancelled'),
    canRetryRefund: asBuyer && refunds.some((r) => r.status === 'pending'),
  };
}
