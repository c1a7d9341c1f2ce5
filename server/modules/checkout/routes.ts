import { z } from 'zod';
import { errorResponses, formBody, messageSchema } from '../../lib/schemas.js';
import { requireViewer, requireVerifiedEmail } from '../../plugins/auth.js';
import { readForm } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { orderSchema, paymentSchema } from './dto.js';
import { checkoutService } from './service.js';

/** Card checkout of the caller's cart, and the caller's orders and payments. */
export default async function checkoutRoutes(app: App) {
  const service = checkoutService(app);
  const tags = ['checkout'];
  const security = [{ token: [] }];

  app.post(
    '/checkout',
    {
      schema: {
        tags,
        security,
        summary: 'Pay for the cart by card. Send an Idempotency-Key header (or idempotencyKey field): a retry with it is never charged twice.',
        ...formBody(['number', 'exp_month', 'exp_year (2 or 4 digits)', 'cvc', 'currency (usd)', 'location', 'country', 'government', 'idempotencyKey']),
        response: {
          200: z.object({ message: z.string(), payment: paymentSchema.nullable(), orders: z.array(orderSchema) }),
          ...errorResponses,
          402: messageSchema,
          502: messageSchema,
        },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      requireVerifiedEmail(app, viewer);
      const form = await readForm(request);
      return service.checkout(viewer, form, request.headers['idempotency-key']);
    },
  );

  app.get(
    '/orders/user',
    { schema: { tags, security, summary: "The caller's orders, newest first", response: { 200: z.object({ orders: z.array(orderSchema) }), ...errorResponses } } },
    async (request) => service.orders(requireViewer(request)),
  );

  app.get(
    '/payments',
    { schema: { tags, security, summary: "The caller's card payments (brand, last 4 digits, expiry)", response: { 200: z.object({ payments: z.array(paymentSchema) }), ...errorResponses } } },
    async (request) => service.payments(requireViewer(request)),
  );
}
