/** The portal's languages: English is the default and the specification's own texts. */
export const languages = [
  { code: 'en', name: 'English', dir: 'ltr', locale: 'en-GB' },
  { code: 'ar', name: 'العربية', dir: 'rtl', locale: 'ar-EG' },
] as const;

export type Language = (typeof languages)[number]['code'];
export const defaultLanguage: Language = 'en';
/** Where the chosen language is remembered between visits. */
export const languageStorageKey = 'language';

export const languageInfo = (code: Language) => languages.find((l) => l.code === code) ?? languages[0];

const supported = (tag: string | null | undefined): Language | undefined => {
  const primary = tag?.toLowerCase().split('-')[0];
  return languages.find((l) => l.code === primary)?.code;
};

/**
 * The language of a visit: the one the visitor chose before, else the first of her browser's
 * languages (what it sends as Accept-Language) that the portal speaks, else English.
 */
export function pickLanguage(stored: string | null, preferred: readonly string[]): Language {
  return supported(stored) ?? preferred.map(supported).find((l) => l !== undefined) ?? defaultLanguage;
}
