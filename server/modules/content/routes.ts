import { z } from 'zod';
import { cachedRoute } from '../../cache/index.js';
import { errorResponses, queryText } from '../../lib/schemas.js';
import type { App } from '../../types.js';
import { menuSchema, slideSchema } from './dto.js';
import { contentRepository } from './repository.js';

/** The home page's managed content: the slider and the features/benefits menus (public). */
export default async function contentRoutes(app: App) {
  const repo = contentRepository(app.db);
  const tags = ['content'];

  app.get(
    '/cms/slider',
    { ...cachedRoute(app, { tables: ['slides'] }), schema: { tags, summary: 'The home slider, in display order', response: { 200: z.object({ slides: z.array(slideSchema) }), ...errorResponses } } },
    async () => {
      const slides = await repo.slides();
      return {
        slides: slides.map((s) => ({
          _id: s.id,
          image: app.images.url(s.image),
          title: s.title,
          description: s.description,
          link: s.link,
          textOnLink: s.text_on_link,
        })),
      };
    },
  );

  app.get(
    '/cms/menu',
    {
      ...cachedRoute(app, { tables: ['menus', 'menu_items'] }),
      schema: {
        tags,
        summary: 'A content menu by name (features or benefits); every menu without a name. Always an array.',
        querystring: z.object({ menu: queryText }),
        response: { 200: z.object({ menu: z.array(menuSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const name = request.query.menu?.trim();
      const menus = await repo.menus(name || undefined);
      return {
        menu: menus.map((m) => ({
          _id: m.id,
          name: m.name,
          description: m.description,
          items: m.items.map((i) => ({ _id: i.id, title: i.title, link: i.link, icon: i.icon })),
        })),
      };
    },
  );
}
