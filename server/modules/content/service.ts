import type { Language } from '../../i18n/language.js';
import type { App } from '../../types.js';
import { contentRepository } from './repository.js';

/** A text in Arabic when the reader asked for Arabic and the clinic wrote it; in English otherwise. */
const inLanguage = (arabic: boolean, english: string, arabicText: string) => (arabic && arabicText ? arabicText : english);

/** The home page's managed content (public): the slider and the features/benefits menus, in the reader's language. */
export function contentService(app: App) {
  const repo = contentRepository(app.db);
  return {
    async slides(language: Language) {
      const arabic = language === 'ar';
      const slides = await repo.slides();
      return slides.map((s) => ({
        _id: s.id,
        image: app.images.url(s.image),
        title: inLanguage(arabic, s.title, s.title_ar),
        description: inLanguage(arabic, s.description, s.description_ar),
        link: s.link,
        textOnLink: inLanguage(arabic, s.text_on_link, s.text_on_link_ar),
      }));
    },

    /** A menu by name, or every menu without a name. */
    async menus(name: string | undefined, language: Language) {
      const arabic = language === 'ar';
      const menus = await repo.menus(name);
      return menus.map((m) => ({
        _id: m.id,
        name: m.name,
        description: inLanguage(arabic, m.description, m.description_ar),
        items: m.items.map((i) => ({ _id: i.id, title: inLanguage(arabic, i.title, i.title_ar), link: i.link, icon: i.icon })),
      }));
    },
  };
}
