import { z } from 'zod';
import { cleanField, containsNul, notSent } from './form-text.js';

/**
 * Request bodies declared with zod, on top of the form-text rules (form-text.ts): every field of a
 * form arrives as text (multipart, urlencoded or JSON, flattened by readForm), so each building
 * block starts from `formText` (a string without control characters) and then applies the
 * blank/placeholder rule its kind of field needs. A block carries the sentence a person reads when
 * the field is wrong; the error handler passes such a sentence on word for word (and the language
 * plugin gives it in Arabic, the catalogue being keyed by the English text).
 *
 * A route declares its body with `...formBody(z.object({...}))` (see plugins/forms.ts): the body is
 * read by readForm before validation, so the same schema checks every content type and lists the
 * fields in the OpenAPI document.
 */

export const notAllowedCharacter = 'The form contains a character that is not allowed';

/** The base of every field: text, without a NUL character (PostgreSQL text cannot hold one). */
export const formText = z.string().refine((value) => !containsNul(value), { message: notAllowedCharacter, params: { sentence: true } });

/**
 * Refuses a field with a whole sentence for a person: the error handler passes it on as it is
 * (without the "field: " prefix of zod's own wording).
 */
export function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message, params: { sentence: true } });
  return z.NEVER;
}

/**
 * The sentence a check over several fields returns when one is wrong (the schema then refuses with
 * it): marks it as a message a person reads, for the Arabic catalogue's scan (tests/server/message-scan.ts).
 */
export const problem = (message: string): string => message;

/** Whether a failed check carries such a sentence (given the issue's `params`). */
export const isSentence = (params: unknown): boolean => (params as { params?: { sentence?: unknown } } | undefined)?.params?.sentence === true;

/**
 * A field that must be given: trimmed; missing, blank or a placeholder (`undefined`, `null`,
 * `[object Object]`) answers `message`.
 */
export function requiredText(message: string) {
  return formText.optional().transform((value, ctx) => cleanField(value) || refuse(ctx, message));
}

/** A field that may be left out: trimmed, or `undefined` when missing, blank or a placeholder. */
export const optionalText = () => formText.optional().transform((value) => cleanField(value) || undefined);

/**
 * A field of a partial update: `undefined` when left alone (not sent, or a placeholder), otherwise
 * its trimmed text; an empty field is sent and clears what it names ('').
 */
export const patchText = () => formText.optional().transform((value) => (notSent(value) ? undefined : (value as string).trim()));

/**
 * A whole number from text. Missing, blank or a placeholder gives `fallback` (or `undefined` when
 * there is none); anything that is not a whole number within min..max answers `message`.
 */
export function wholeNumber<F extends number | undefined = undefined>(message: string, options: { min?: number; max?: number; fallback?: F } = {}) {
  return formText.optional().transform((value, ctx): number | F => {
    const text = cleanField(value);
    if (!text) return options.fallback as F;
    const number = Number(text);
    if (!Number.isInteger(number) || (options.min !== undefined && number < options.min) || (options.max !== undefined && number > options.max)) {
      return refuse(ctx, message);
    }
    return number;
  });
}

/** One of a fixed list of words; missing or blank answers `message` like a wrong word. */
export function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return formText.optional().transform((value, ctx): T[number] => {
    const text = cleanField(value);
    if (!(values as readonly string[]).includes(text)) {
      return refuse(ctx, message);
    }
    return text as T[number];
  });
}

/**
 * A field whose rules depend on who sends it or on stored data (checked by the service): trimmed,
 * '' when missing, blank or a placeholder.
 */
export const cleanText = () => formText.optional().transform((value) => cleanField(value));

/** A field taken as it was sent (a password: never trimmed); `undefined` when missing. */
export const sentText = () => formText.optional();

/** A form with no fields (a POST or DELETE that only carries query parameters sends an empty one). */
export const emptyForm = z.object({}).describe('No fields: the request sends an empty form');
