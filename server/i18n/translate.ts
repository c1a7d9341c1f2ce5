import { isolateAgainst } from '../../shared/bidi-isolate.js';
import { z } from 'zod';
import arabic from './ar.json' with { type: 'json' };
import type { Language } from './language.js';

/**
 * The server's Arabic, in one place. The code says everything in English (the wire contract's
 * texts); an answer to a request in Arabic has its `message` looked up here on the way out.
 * A catalogue key is either a whole message or a template whose `{placeholders}` stand for the parts
 * a template literal fills in (names, dates, counts); those parts are kept as they are, unless a part
 * is itself a message of the catalogue (a role, a label, sentences of a warning), which is then
 * translated too. A message made of sentences that each are in the catalogue is translated sentence by sentence.
 */
export const arabicCatalogue: Readonly<Record<string, string>> = arabic;

const placeholder = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Template {
  pattern: RegExp;
  names: string[];
  arabic: string;
  /** Characters outside the placeholders: the more a template spells out, the sooner it is tried. */
  weight: number;
}

const exact = new Map<string, string>();
const templates: Template[] = [];
for (const [english, translated] of Object.entries(arabicCatalogue)) {
  const names = [...english.matchAll(placeholder)].map((m) => m[1] as string);
  if (!names.length) {
    exact.set(english, translated);
    continue;
  }
  const literal = english.split(placeholder).filter((_, i) => i % 2 === 0);
  templates.push({
    pattern: new RegExp(`^${literal.map(escapeRegExp).join('([\\s\\S]*?)')}$`),
    names,
    arabic: translated,
    weight: literal.join('').length,
  });
}
templates.sort((a, b) => b.weight - a.weight);

/** The Arabic of an English message, or undefined when the catalogue does not know it. */
function toArabic(message: string, depth: number): string | undefined {
  const whole = exact.get(message);
  if (whole !== undefined) return whole;
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values = new Map(template.names.map((name, i) => [name, match[i + 1] as string]));
    return template.arabic.replace(placeholder, (_, name: string) => {
      const value = values.get(name) ?? '';
      // A part kept as it is (a name, a date) keeps its own direction inside the Arabic sentence.
      return (depth < 2 && partToArabic(value, depth + 1)) || isolateAgainst(value, 'rtl');
    });
  }
  return undefined;
}

/**
 * A part of a message: one message of the catalogue, or several sentences that each are (a safety
 * warning lists one sentence per conflict); undefined when it is neither (a name, a date).
 */
function partToArabic(part: string, depth: number): string | undefined {
  return sentencesToArabic(part, depth) ?? toArabic(part, depth);
}

/** Several sentences that each are a message of the catalogue (a note added to "Profile updated."), else undefined. */
function sentencesToArabic(text: string, depth: number): string | undefined {
  const sentences = text.split(/(?<=\.)\s+(?=\S)/);
  if (sentences.length < 2) return undefined;
  const translated = sentences.map((sentence) => toArabic(sentence, depth));
  return translated.every((sentence) => sentence !== undefined) ? translated.join(' ') : undefined;
}

/**
 * The texts the existing client looks for to colour its alerts green (api-contract.md: it matches
 * text, not status). A message holding one stays English in every language, or that client, in a
 * browser set to Arabic, would show a success as a failure. Our SPA shows these in its own words.
 */
export const matchedByExistingClient = [
  'Account created successfully',
  'Added successfully',
  'You just added a new blog successfully',
  'Added Successfully',
  'Deleted Successfully',
  'Reserved Successfully',
];

/** A message for a person in the language of the request; unknown messages stay in English. */
export function translateMessage(message: string, language: Language): string {
  if (language === 'en' || matchedByExistingClient.some((text) => message.includes(text))) return message;
  return toArabic(message, 0) ?? sentencesToArabic(message, 0) ?? message;
}

const zodLocales = { en: z.locales.en(), ar: z.locales.ar() };
type ZodRawIssue = Parameters<(typeof zodLocales)['en']['localeError']>[0];
/** A failed check as zod reports it (a zod issue, or one rebuilt from Fastify's validation entry). */
export interface ValidationIssue {
  code: string;
  message?: string;
}

/**
 * The text of a failed schema check. zod's own wording ("Too small: …") comes from zod's locale of
 * that language; a message a schema spelt out itself goes through the catalogue like any other.
 */
export function validationText(issue: ValidationIssue, language: Language): string {
  const english = issue.message ?? zodText(issue, 'en') ?? 'is not valid';
  if (language === 'en') return english;
  const isZodDefault = english === zodText(issue, 'en');
  return (isZodDefault && zodText(issue, 'ar')) || translateMessage(english, language);
}

function zodText(issue: ValidationIssue, language: Language): string | undefined {
  const text = zodLocales[language].localeError(issue as unknown as ZodRawIssue);
  return typeof text === 'string' ? text : text?.message;
}
