import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { applyDirection } from './direction';
import { isolatingFormatter } from './isolate';
import { en, namespaces } from './locales/en';
import { defaultLanguage, languageStorageKey, pickLanguage, type Language } from './languages';

/**
 * The portal's i18next instance. English ships with the app and is ready synchronously (tests and
 * the first paint need no waiting); Arabic is a chunk of its own, downloaded only when chosen.
 */
export const i18n = i18next.createInstance();
void i18n
  .use(initReactI18next)
  .use(isolatingFormatter)
  .init({
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    resources: { en },
    ns: namespaces,
    defaultNS: 'common',
    partialBundledLanguages: true,
    initAsync: false,
    // Every interpolated value goes through the isolating formatter, so no sentence can forget it.
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  ar: () => import('./locales/ar'),
};

async function loadResources(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'common')) return;
  const { default: bundles } = await loaders[language]();
  for (const [namespace, resources] of Object.entries(bundles)) i18n.addResourceBundle(language, namespace, resources, true, true);
}

/** The language being shown. */
export const currentLanguage = (): Language => (i18n.language === 'ar' ? 'ar' : 'en');

/** Loads a language's texts and stylesheet, then shows it; `remember` stores the choice for later visits. */
export async function setLanguage(language: Language, remember = true): Promise<void> {
  await Promise.all([loadResources(language), applyDirection(language)]);
  await i18n.changeLanguage(language);
  // The browser's tab and history name the portal in the language it shows (index.html has the English).
  document.title = i18n.t('documentTitle');
  if (remember) {
    try {
      localStorage.setItem(languageStorageKey, language);
    } catch {
      // Private modes may refuse storage: the choice then lasts for this page only.
    }
  }
}

/** At boot: the remembered language, else the browser's (Accept-Language), else English. */
export function startLanguage(): Promise<void> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(languageStorageKey);
  } catch {
    stored = null;
  }
  const language = pickLanguage(stored, navigator.languages ?? [navigator.language]);
  return language === defaultLanguage ? applyDirection(language) : setLanguage(language, false);
}

export { useTranslation };
export { languages, type Language } from './languages';
