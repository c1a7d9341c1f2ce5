import { i18n } from '../i18n';
import arabic from '../i18n/locales/ar';

/**
 * Shows the app in Arabic for a test: the Arabic texts and `<html lang dir>`, without the RTL
 * stylesheet that `setLanguage` would wait for (jsdom loads no stylesheets). `showEnglish` undoes it.
 */
export async function showArabic(): Promise<void> {
  for (const [namespace, texts] of Object.entries(arabic)) i18n.addResourceBundle('ar', namespace, texts, true, true);
  await i18n.changeLanguage('ar');
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
}

export async function showEnglish(): Promise<void> {
  await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
}
