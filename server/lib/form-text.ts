/**
 * The rules for text that arrives from a client, in one place. The existing client sends an
 * untouched field as the text of `undefined` or `null`, and an object put into FormData as
 * "[object Object]"; such placeholders, like a blank value, mean the field is missing.
 */

/** Whether the trimmed text is only a placeholder the client sends for "no value". */
const isPlaceholder = (trimmed: string) => trimmed === 'undefined' || trimmed === 'null' || trimmed.startsWith('[object Object]');

/** A form field or query value as the user meant it: trimmed, and '' when missing or a placeholder. */
export function cleanField(value: string | undefined): string {
  const trimmed = value?.trim() ?? '';
  return isPlaceholder(trimmed) ? '' : trimmed;
}

/** The same as cleanField, with `undefined` for a missing value (for optional parameters). */
export const givenField = (value: string | undefined): string | undefined => cleanField(value) || undefined;

/**
 * Whether a field of a partial update was left alone: not sent, or sent as a placeholder.
 * Unlike cleanField, an empty field counts as sent: it clears what it names.
 */
export const notSent = (value: string | undefined): boolean => value === undefined || isPlaceholder(value.trim());

/** PostgreSQL text cannot hold a NUL character: true when a value (or any item of a list) has one. */
export const containsNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : Array.isArray(value) && value.some(containsNul);
