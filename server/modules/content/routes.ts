import { z } from 'zod';
import { cachedRoute } from '../../cache/index.js';
import { languageOf } from '../../i18n/language.js';
import { errorResponses, queryText } from '../../lib/schemas.js';
import type { App } from '../../types.js';
import { menuSchema, slideSchema } from './dto.js';
import { contentRepository } from './repository.js';

/** A text in Arabic when the reader asked for Arabic and the clinic wrote it; in English otherwise. */
const inLanguage = (arabic: boolean, english: string, arabicText: string) => (arabic && arabicText ? arabicText : english);

/** The home page's managed content: the slider and the features/benefits menus (public). */
export default async function contentRoutes(app: App) {
  const repo = contentRepository(app.db);
  const tags = ['content'];

  app.get(
    '/cms/slider',
    { ...cachedRoute(app, { tables: ['slides'], byLanguage: true }), schema: { tags, summary: 'The home slider, in display order, in the language of the request (Accept-Language)', response: { 200: z.object({ slides: z.array(slideSchema) }), ...errorResponses } } },
    async (request) => {
      const arabic = languageOf(request.headers['accept-language']) === 'ar';
      const slides = await repo.slides();
      return {
        slides: slides.map((s) => ({
          _id: s.id,
          image: app.images.url(s.image),
          title: inLanguage(arabic, s.title, s.title_ar),
          description: inLanguage(arabic, s.description, s.description_ar),
          link: s.link,
          textOnLink: inLanguage(arabic, s.text_on_link, s.text_on_link_ar),
        })),
      };
    },
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
      const arabic = languageOf(request.headers['accept-language']) === 'ar';
      const name = request.query.menu?.trim();
      const menus = await repo.menus(name || undefined);
      return {
        menu: menus.map((m) => ({
          _id: m.id,
          name: m.name,
          description: inLanguage(arabic, m.description, m.description_ar),
          items: m.items.map((i) => ({ _id: i.id, title: inLanguage(arabic, i.title, i.title_ar), link: i.link, icon: i.icon })),
        })),
      };
    },
  );
}
