import { z } from 'zod';
import { errorResponses, messageSchema } from '../../lib/schemas.js';
import { requireViewer, requireVerifiedEmail } from '../../plugins/auth.js';
import { formBody } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { checkoutBody, orderSchema, paymentSchema } from './dto.js';
import { conflictSchema } from '../prescriptions/dto.js';
import { checkoutService } from './service.js';
import { startCheckoutSweeper } from './sweeper.js';
import { gatewayFor } from '../../payments/index.js';

const answerSchema = z.object({ message: z.string(), payment: paymentSchema.nullable(), orders: z.array(orderSchema) });

/** Card checkout of the caller's cart, and the caller's orders and payments. */
export default async function checkoutRoutes(app: App) {
  const gateway = gatewayFor(app.config, app.db);
  const service = checkoutService(app, gateway);
  // Every instance sweeps; a conditional claim keeps two from settling the same checkout.
  let stopSweeper: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopSweeper = startCheckoutSweeper(app, gateway);
  });
  app.addHook('onClose', async () => stopSweeper?.());
  const tags = ['checkout'];
  const security = [{ token: [] }];

  app.post(
    '/checkout',
    {
      schema: {
        tags,
        security,
        summary:
          'Pay for the cart by card. Send an Idempotency-Key header (or idempotencyKey field): a retry with it is never charged twice. ' +
          'Send expectedTotal (the total shown): when the cart costs something else now, the answer is 409 with the new `total`. ' +
          'A clash of the products with her recorded allergies or current medicines answers 409 with `conflicts`: send again with acknowledgeWarnings=true to buy anyway (recorded on the order). ' +
          "A prescription-only product is bought only against a valid prescription of the buyer's that covers it (403 otherwise); its packs are taken from the prescription. " +
          '202: the payment is being confirmed with the provider; the orders appear once it is.',
        ...formBody(checkoutBody),
        response: {
          200: answerSchema,
          202: answerSchema,
          ...errorResponses,
          409: messageSchema.extend({
            total: z.number().optional(),
            conflicts: z.array(conflictSchema).optional(),
            needsAcknowledgement: z.boolean().optional(),
          }),
          402: messageSchema,
          502: messageSchema,
        },
      },
      // Who may buy is answered before the form's fields are checked (401, then 403 for an unverified email).
      preValidation: async (request) => requireVerifiedEmail(app, requireViewer(request)),
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      requireVerifiedEmail(app, viewer);
      const { confirming, ...answer } = await service.checkout(viewer, request.body, request.headers['idempotency-key']);
      return reply.status(confirming ? 202 : 200).send(answer);
    },
  );

  app.get(
    '/orders/user',
    {
      schema: {
        tags,
        security,
        summary: "The caller's orders, newest first",
        response: { 200: z.object({ orders: z.array(orderSchema) }), ...errorResponses },
      },
    },
    async (request) => service.orders(requireViewer(request)),
  );

  app.get(
    '/payments',
    {
      schema: {
        tags,
        security,
        summary: "The caller's card payments (brand, last 4 digits, expiry)",
        response: { 200: z.object({ payments: z.array(paymentSchema) }), ...errorResponses },
      },
    },
    async (request) => service.payments(requireViewer(request)),
  );
}
