import { i18n } from '../i18n';

/**
 * A shop or blog category's name in the chosen language. The categories are the clinic's own list
 * (seeded, never written by a user), so their Arabic lives beside the departments'; the slug sent to
 * the server stays as it is, and a category the list does not know keeps the name it came with.
 */
export const categoryName = (name: string): string => i18n.t(`categories.${name}`, { defaultValue: name });
