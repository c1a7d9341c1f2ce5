import { z } from 'zod';
import { cachedRoute } from '../../cache/index.js';
import { languageOf } from '../../i18n/language.js';
import { errorResponses, queryText } from '../../lib/schemas.js';
import type { App } from '../../types.js';
import { menuSchema, slideSchema } from './dto.js';
import { contentService } from './service.js';

/** The home page's managed content: the slider and the features/benefits menus (public). */
export default async function contentRoutes(app: App) {
  const service = contentService(app);
  const tags = ['content'];

  app.get(
    '/cms/slider',
    {
      ...cachedRoute(app, { tables: ['slides'], byLanguage: true }),
      schema: {
        tags,
        summary: 'The home slider, in display order, in the language of the request (Accept-Language)',
        response: { 200: z.object({ slides: z.array(slideSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ slides: await service.slides(languageOf(request.headers['accept-language'])) }),
  );

  app.get(
    '/cms/menu',
    {
      ...cachedRoute(app, { tables: ['menus', 'menu_items'], byLanguage: true }),
      schema: {
        tags,
        summary: 'A content menu by name (features or benefits); every menu without a name. Always an array, in the language of the request.',
        querystring: z.object({ menu: queryText }),
        response: { 200: z.object({ menu: z.array(menuSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const name = request.query.menu?.trim();
      return { menu: await service.menus(name || undefined, languageOf(request.headers['accept-language'])) };
    },
  );
}
