import { z } from 'zod';
import { cachedRoute } from '../../cache/index.js';
import { errorResponses, messageSchema, queryText } from '../../lib/schemas.js';
import { emptyForm } from '../../lib/form-schema.js';
import { formBody } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { categorySchema, productDetailSchema, productListItemSchema } from './dto.js';
import { catalogueQuery, findQuery } from './search-query.js';
import { shopService } from './service.js';

/** The public catalogue: pages, filters, product details, related products and categories. */
export default async function shopRoutes(app: App) {
  const service = shopService(app);
  const tags = ['shop'];
  // Lists change with any product (stock puts a product behind the in-stock ones); seller and
  // category names come from their own tables.
  const listTables = ['products', 'categories', 'users'];

  app.get(
    '/medicines',
    {
      ...cachedRoute(app, { tables: listTables }),
      schema: {
        tags,
        summary:
          'One page of the catalogue (12 products), in stock first. Optional: q (name, brand or summary, small typos forgiven), sort (relevance, price-asc, price-desc, newest), category, minPrice, maxPrice, pharmacy',
        querystring: catalogueQuery,
        response: { 200: z.object({ products: z.array(productListItemSchema), page: z.number(), pages: z.number(), results: z.number() }), ...errorResponses },
      },
    },
    async (request) => service.page(request.query),
  );

  app.post(
    '/medicines/find',
    {
      schema: {
        tags,
        summary: 'Filter the catalogue (empty values mean no filter; name is searched like q); the list is under `product`',
        querystring: findQuery,
        // The existing client sends an empty multipart body.
        ...formBody(emptyForm),
        response: { 200: z.object({ product: z.array(productListItemSchema) }), ...errorResponses },
      },
    },
    async (request) => service.find(request.query),
  );

  app.get(
    '/medicine',
    {
      // One product: forgotten by a write to its own row, not by every write to the catalogue.
      ...cachedRoute(app, {
        tables: ['categories', 'users', 'product_photos'],
        row: { table: 'products', id: (answer) => (answer as { product?: { _id?: string } }).product?._id },
      }),
      schema: {
        tags,
        summary: 'One product with photos, seller and sanitized texts',
        querystring: z.object({ product: queryText }),
        response: { 200: z.object({ product: productDetailSchema }), ...errorResponses },
      },
    },
    async (request) => service.product(request.query.product),
  );

  app.get(
    '/medicines/related',
    {
      ...cachedRoute(app, { tables: listTables }),
      schema: {
        tags,
        summary: 'Products from the same category',
        querystring: z.object({ product: queryText }),
        response: { 200: z.object({ products: z.array(productListItemSchema) }), ...errorResponses },
      },
    },
    async (request) => service.related(request.query.product),
  );

  app.get(
    '/category',
    {
      ...cachedRoute(app, { tables: ['categories'] }),
      schema: {
        tags,
        summary: 'Product categories with their sub-categories (failures carry `error` as well as `message`)',
        response: { 200: z.object({ categories: z.array(categorySchema) }), 503: messageSchema.extend({ error: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        return await service.categories();
      } catch (error) {
        request.log.error({ err: error }, 'categories failed');
        const message = 'The categories could not be loaded; please try again in a moment';
        return reply.status(503).send({ message, error: message });
      }
    },
  );
}
