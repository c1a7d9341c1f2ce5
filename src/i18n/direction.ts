import { languageInfo, type Language } from './languages';

/**
 * Sets <html lang dir> and swaps Bootstrap's stylesheet: the entry's LTR one for English, the RTL
 * build (bootstrap.rtl.min.css, loaded only for Arabic) otherwise. In a production build Bootstrap and
 * app.css share the entry's stylesheet, so the RTL set brings its own copy of app.css and is inserted
 * at the entry stylesheet's place, keeping the cascade order with the pages' own CSS after it.
 */
export async function applyDirection(language: Language): Promise<void> {
  const { dir } = languageInfo(language);
  // The page turns only once its stylesheet is in place, so it never shows mirrored text on unmirrored styles.
  const turn = () => {
    document.documentElement.lang = language;
    document.documentElement.dir = dir;
  };
  const ltr = document.querySelector<HTMLLinkElement | HTMLStyleElement>(
    'link[rel="stylesheet"][href*="/assets/index-"], style[data-vite-dev-id*="bootstrap.min.css"]',
  );
  const rtl = document.querySelectorAll<HTMLLinkElement | HTMLStyleElement>('[data-rtl-stylesheet]');
  if (dir === 'ltr') {
    rtl.forEach((element) => element.remove());
    if (ltr) ltr.disabled = false;
    turn();
    return;
  }
  if (rtl.length === 0) {
    const { rtlStylesheets } = await import('./rtlStylesheets');
    await rtlStylesheets(ltr);
  }
  if (ltr) ltr.disabled = true;
  turn();
}
