import { cleanup } from '@testing-library/react';
import { i18n } from '../i18n';
import arabic from '../i18n/locales/ar';

/**
 * Shows Arabic texts in a component test. setLanguage also swaps the stylesheet and waits for it to
 * load, which jsdom never reports; a test only needs the texts, so it loads them and switches.
 */
export async function showArabic(): Promise<void> {
  for (const [namespace, texts] of Object.entries(arabic)) i18n.addResourceBundle('ar', namespace, texts, true, true);
  await i18n.changeLanguage('ar');
}

/** Back to English after an Arabic test, so the next test reads the specification's texts (the page is unmounted first). */
export async function showEnglish(): Promise<void> {
  cleanup();
  await i18n.changeLanguage('en');
}
