import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.js';
import { requireViewer } from '../../plugins/auth.js';
import { formBody } from '../../plugins/forms.js';
import { emptyForm } from '../../lib/form-schema.js';
import type { App } from '../../types.js';
import { orderPageSchema } from './dto.js';
import { ordersService } from './service.js';
import { sweepRefunds } from './refund-sweeper.js';
import { gatewayFor } from '../../payments/index.js';

/** One order by its number: the order page, cancel while pending, reorder. */
export default async function ordersRoutes(app: App) {
  const gateway = gatewayFor(app.config, app.db);
  const service = ordersService(app, gateway);
  // Every instance's scheduler sweeps refunds still owed; a conditional claim keeps two from sending one.
  app.addHook('onReady', async () => app.scheduler.addSweep('refunds', () => sweepRefunds(app, gateway)));
  const tags = ['orders'];
  const security = [{ token: [] }];
  const params = z.object({ number: z.string() });

  app.get(
    '/orders/:number',
    {
      schema: {
        tags,
        security,
        summary: 'An order by its number: lines, totals, delivery address, payment summary and status timeline (the buyer; a pharmacist sees her own lines)',
        params,
        response: { 200: z.object({ order: orderPageSchema }), ...errorResponses },
      },
    },
    async (request) => service.get(requireViewer(request), request.params.number),
  );

  app.post(
    '/orders/:number/cancel',
    {
      schema: {
        tags,
        security,
        summary:
          'The buyer cancels the order while every line is pending, all lines or none (409 naming a line that already moved): stock returns and the card is refunded. Sending it again retries a refund still owed, whatever became of the other lines.',
        params,
        ...formBody(emptyForm),
        response: { 200: z.object({ message: z.string(), refundPending: z.boolean(), order: orderPageSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.cancel(viewer, request.params.number);
    },
  );

  app.post(
    '/orders/:number/reorder',
    {
      schema: {
        tags,
        security,
        summary: "Puts the order's products back in the buyer's cart; lists the ones that cannot be bought now",
        params,
        ...formBody(emptyForm),
        response: {
          200: z.object({
            message: z.string(),
            added: z.array(z.object({ name: z.string(), quantity: z.number() })),
            unavailable: z.array(z.object({ name: z.string(), reason: z.string() })),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.reorder(viewer, request.params.number);
    },
  );
}
