import { z } from 'zod';
import { emptyForm } from '../../lib/form-schema.js';
import { errorResponses } from '../../lib/schemas.js';
import { allowOnly, requireViewer } from '../../plugins/auth.js';
import { formBody } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { cartSchema, removeLineQuery, setLineBody } from './dto.js';
import { cartService } from './service.js';

/** The signed-in user's cart. Guests get 401 'Unauthorized'. */
export default async function cartRoutes(app: App) {
  const service = cartService(app);
  const tags = ['cart'];
  const security = [{ token: [] }];

  app.get(
    '/cart',
    {
      schema: {
        tags,
        security,
        summary: 'The cart as an array of one, or [] when empty',
        response: { 200: z.object({ cart: z.array(cartSchema) }), ...errorResponses },
      },
    },
    async (request) => service.list(requireViewer(request)),
  );

  app.post(
    '/cart',
    {
      onRequest: allowOnly(),
      schema: {
        tags,
        security,
        summary: "Set a line's absolute quantity (0 removes it); more than the stock is refused with 'Out of stock quantity'",
        ...formBody(setLineBody),
        response: { 200: z.object({ cart: cartSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.set(viewer, request.body);
    },
  );

  app.delete(
    '/cart',
    {
      onRequest: allowOnly(),
      schema: {
        tags,
        security,
        summary: 'Take a product out of the cart',
        querystring: removeLineQuery,
        ...formBody(emptyForm),
        response: { 200: z.object({ cart: cartSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.remove(viewer, request.query.product);
    },
  );
}
