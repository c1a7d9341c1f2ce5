import { z } from 'zod';
import { emptyForm } from '../../lib/form-schema.js';
import { errorResponses, messageSchema, queryText } from '../../lib/schemas.js';
import { allowOnly, requireViewer } from '../../plugins/auth.js';
import { queryValue } from '../../lib/query-value.js';
import { formBody, uploadsOf } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { productDetailSchema } from '../shop/dto.js';
import { moveOrderBody, newProductBody, productChangesBody, receivedOrderSchema } from './dto.js';
import { pharmacyService } from './service.js';

/** The pharmacist's side of the shop: own products and the orders placed for them. */
/** The only fields of a product form that carry files. */
const productFiles = ['thumbnail', 'photos'];

export default async function pharmacyRoutes(app: App) {
  const service = pharmacyService(app);
  const tags = ['pharmacy'];
  const security = [{ token: [] }];
  const productAnswer = z.object({ message: z.string(), product: productDetailSchema });

  app.get(
    '/medicines/mine',
    {
      schema: {
        tags,
        security,
        summary: "The pharmacist's own products, stock included",
        response: { 200: z.object({ products: z.array(productDetailSchema) }), ...errorResponses },
      },
    },
    async (request) => service.mine(requireViewer(request)),
  );

  app.post(
    '/medicines',
    {
      schema: {
        tags,
        security,
        summary: 'List a new product (pharmacists); the address (slug) is made from the name',
        ...formBody(newProductBody, { files: productFiles }),
        response: { 200: productAnswer, ...errorResponses },
      },
      // Who may list products is answered before the form is read (401, then 403).
      onRequest: allowOnly('pharmacist'),
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.create(viewer, { fields: request.body, files: uploadsOf(request) });
    },
  );

  app.patch(
    '/medicine',
    {
      schema: {
        tags,
        security,
        summary: 'Change an own product: only the fields sent; new photos replace the old ones',
        querystring: z.object({ product: queryText }),
        ...formBody(productChangesBody, { files: productFiles }),
        response: { 200: productAnswer, ...errorResponses },
      },
      // Who may change the product (401, 403, 404) is answered before the form is read.
      onRequest: [
        allowOnly('pharmacist'),
        async (request) => {
          await service.ownProduct(requireViewer(request), queryValue(request, 'product'));
        },
      ],
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.update(viewer, request.query.product, { fields: request.body, files: uploadsOf(request) });
    },
  );

  app.delete(
    '/medicine',
    {
      schema: {
        tags,
        security,
        summary: 'Stop selling an own product (its orders stay)',
        querystring: z.object({ product: queryText }),
        ...formBody(emptyForm),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.remove(viewer, request.query.product);
    },
  );

  app.get(
    '/orders/received',
    {
      schema: {
        tags,
        security,
        summary: "Orders for the pharmacist's products, newest first",
        response: { 200: z.object({ orders: z.array(receivedOrderSchema) }), ...errorResponses },
      },
    },
    async (request) => service.received(requireViewer(request)),
  );

  app.patch(
    '/orders/status',
    {
      schema: {
        tags,
        security,
        summary:
          'Move an order: pending → shipped → delivered, or cancelled before delivery (stock returns, the buyer is refunded). Refusing (cancelling) a prescription order needs a `reason`, shown to the buyer; the prescribed packs return to the prescription.',
        querystring: z.object({ order: queryText }),
        ...formBody(moveOrderBody),
        response: { 200: z.object({ message: z.string(), order: receivedOrderSchema }), ...errorResponses },
      },
      onRequest: allowOnly('pharmacist'),
      // Whose order it is (404, 403) is answered before the form's fields are checked.
      preValidation: async (request) => {
        await service.orderToMove(requireViewer(request), queryValue(request, 'order'));
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.moveOrder(viewer, request.query.order, request.body);
    },
  );
}
