import { z } from 'zod';
import { badRequest } from './errors.js';
import { cleanField, containsNul, notSent } from './form-text.js';
import { mixedScriptsProblem, normalizeName } from './names.js';

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

/**
 * A rule over one field: given its text (trimmed, '' when missing or a placeholder), its value, or
 * `refuse(ctx, sentence)`. Each rule below is the one place its check is written; a schema uses it
 * through `checked` (or `patched` for a partial update), and code whose need for a field depends on
 * who asks (a role's own profile fields) or that runs outside a request uses it through `applyRule`.
 */
export type FieldRule<T> = (text: string, ctx: z.RefinementCtx) => T;

/** A field checked by `rule`: missing or blank reaches the rule as ''. */
export const checked = <T>(rule: FieldRule<T>) => formText.optional().transform((value, ctx) => rule(cleanField(value), ctx));

/** A field of a partial update checked by `rule`: `undefined` when left alone (not sent, or a placeholder). */
export const patched = <T>(rule: FieldRule<T>) => formText.optional().transform((value, ctx) => (notSent(value) ? undefined : rule(cleanField(value), ctx)));

/** Applies a rule outside a schema: its value, or a 400 with the rule's sentence. */
export function applyRule<T>(rule: FieldRule<T>, text: string): T {
  let refused: string | undefined;
  const ctx = {
    addIssue: (issue: string | { message?: string }) => {
      refused ??= typeof issue === 'string' ? issue : issue.message;
    },
  } as unknown as z.RefinementCtx;
  const value = rule(text, ctx);
  if (refused !== undefined) throw badRequest(refused);
  return value;
}

/**
 * Page numbers of every paged list: whole numbers from 1 with at most six digits, so a page like
 * 1e20 or 99999999999 is refused with a message and never becomes an offset the database cannot take.
 */
export const isPageNumber = (text: string) => /^\d{1,6}$/.test(text) && Number(text) >= 1;

/** A page number from 1, the first when none is given; `message` is the refusal the list has always given. */
export const pageRule =
  (message = 'The page must be a whole number from 1'): FieldRule<number> =>
  (text, ctx) =>
    isPageNumber(text || '1') ? Number(text || '1') : refuse(ctx, message);

/** A page size from 1 to `max`, `fallback` when none is given. */
export const pageSizeRule =
  (fallback: number, max: number): FieldRule<number> =>
  (text, ctx) =>
    /^\d{1,6}$/.test(text || String(fallback)) && Number(text || fallback) >= 1 && Number(text || fallback) <= max
      ? Number(text || fallback)
      : refuse(ctx, `The page size must be a whole number from 1 to ${max}`);

/** At most `max` characters, named by `label` in the refusal ('' passes). */
export const upTo =
  (label: string, max: number): FieldRule<string> =>
  (text, ctx) =>
    text.length > max ? refuse(ctx, `${label} must be at most ${max} characters`) : text;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** An email address, required; kept in lower case. */
export const emailRule: FieldRule<string> = (email, ctx) => {
  if (!email) return refuse(ctx, 'Please enter your email');
  if (email.length > 254 || !emailPattern.test(email)) return refuse(ctx, 'Please enter a valid email address');
  return email.toLowerCase();
};

/** A person's name, required: normalized so it cannot pass for someone else's (see lib/names.ts), then checked. */
export const nameRule: FieldRule<string> = (raw, ctx) => {
  const name = normalizeName(raw);
  if (!name) return refuse(ctx, 'Please enter your name');
  const mixed = mixedScriptsProblem(name);
  if (mixed) return refuse(ctx, mixed);
  if (name.length > 100) return refuse(ctx, 'The name must be at most 100 characters');
  if (name.includes('/')) return refuse(ctx, 'The name cannot contain "/"');
  return name;
};

/** A username, required: 3 to 40 letters, digits, dots, dashes or underscores. */
export const usernameRule: FieldRule<string> = (username, ctx) => {
  if (!username) return refuse(ctx, 'Please choose a username');
  if (!/^[A-Za-z0-9._-]{3,40}$/.test(username)) return refuse(ctx, 'The username must be 3 to 40 letters, digits, dots, dashes or underscores');
  return username;
};

/** A phone number a person can be called on ('' passes: the field may be left empty). */
export const phoneRule: FieldRule<string> = (phone, ctx) =>
  phone && !/^[+\d][\d\s()-]{5,24}$/.test(phone) ? refuse(ctx, 'Please enter a valid phone number') : phone;

/** male or female, in any case ('' passes). */
export const genderRule: FieldRule<string> = (gender, ctx) => {
  const g = gender.toLowerCase();
  return g && g !== 'male' && g !== 'female' ? refuse(ctx, 'Gender must be male or female') : g;
};

/** A new password, taken as it was typed (never trimmed): 8 to 128 characters. */
export const passwordRule: FieldRule<string> = (password, ctx) => {
  if (!password) return refuse(ctx, 'Please choose a password');
  if (password.length < 8) return refuse(ctx, 'The password must be at least 8 characters');
  if (password.length > 128) return refuse(ctx, 'The password must be at most 128 characters');
  return password;
};

/** A new password field, required. */
export const newPassword = () => formText.optional().transform((value, ctx) => passwordRule(value ?? '', ctx));

/** A new password in a partial update: `undefined` (no change) when left empty. */
export const patchedPassword = () => formText.optional().transform((value, ctx) => (cleanField(value) ? passwordRule(value as string, ctx) : undefined));

/** Whether a rule's answer is a refusal (a rule returns `refuse(...)`), so a check over several fields stops at the first. */
export const wasRefused = (value: unknown): value is never => value === z.NEVER;
