import { i18n } from './index';

/**
 * English texts of a lazily loaded area (chat, history, admin, ...) travel in that area's chunk
 * instead of the entry chunk, so a page's first load carries only the texts it shows. Each area
 * registers its namespace when its module is first evaluated, before any of its components
 * renders. Arabic needs no such step: its chunk holds every namespace and is loaded on choice.
 */
export function addEnglishTexts(namespace: string, texts: Record<string, unknown>): void {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, texts);
}
