import type { OrderLine } from '../types';

/** One order line of the patient's orders: two Aspirin, shipped. */
export const shippedAspirin: OrderLine = {
  _id: 'o1',
  medicine: { name: 'Aspirin', slug: 'aspirin' },
  quantity: 2,
  price: 7,
  currency: 'usd',
  deliveryStatus: 'shipped',
  created_at: '2026-11-20T10:00:00Z',
};
