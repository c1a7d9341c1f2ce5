import { z } from 'zod';
import { centsToAmount } from '../../lib/mappers.js';
import type { ImageStore } from '../../storage/images.js';
import type { ReceivedOrderRow } from './repository.js';

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
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
