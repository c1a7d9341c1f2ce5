import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickLanguage } from './languages';

const localesDir = path.resolve(import.meta.dirname, 'locales');
const languages = readdirSync(localesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// Languages differ in plural forms (English: one, other; Arabic: zero, one, two, few, many, other).
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Every key of a namespace file ("nav.home"), plural forms counted once. */
function keysOf(language: string, file: string): string[] {
  const walk = (value: unknown, prefix: string): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([k, v]) => walk(v, prefix ? `${prefix}.${k}` : k))
      : [prefix.replace(pluralSuffix, '')];
  return [...new Set(walk(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')), ''))].sort();
}

const jsonFiles = (language: string) =>
  readdirSync(path.join(localesDir, language))
    .filter((f) => f.endsWith('.json'))
    .sort();

/** Every text of a namespace file. */
function textsOf(language: string, file: string): string[] {
  const texts: string[] = [];
  const walk = (value: unknown): void => void (typeof value === 'object' && value !== null ? Object.values(value).forEach(walk) : texts.push(String(value)));
  walk(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')));
  return texts;
}

describe('message files', () => {
  it('has English and Arabic', () => {
    expect(languages.sort()).toEqual(['ar', 'en']);
  });

  it('has the same namespaces in every language', () => {
    for (const language of languages) expect(jsonFiles(language), language).toEqual(jsonFiles('en'));
  });

  it.each(jsonFiles('en'))('%s has the same keys in every language', (file) => {
    const english = keysOf('en', file);
    for (const language of languages) {
      const keys = keysOf(language, file);
      expect({ file, language, missing: english.filter((k) => !keys.includes(k)), extra: keys.filter((k) => !english.includes(k)) }).toEqual({
        file,
        language,
        missing: [],
        extra: [],
      });
    }
  });

  it('has no empty text', () => {
    for (const language of languages)
      for (const file of jsonFiles(language))
        expect(
          textsOf(language, file).filter((t) => t.trim() === ''),
          `${language}/${file}`,
        ).toEqual([]);
  });

  // Values are formatted before they are passed; the portal's formatter only isolates them (isolate.ts).
  it('names no format inside a placeholder', () => {
    for (const language of languages)
      for (const file of jsonFiles(language))
        expect(
          textsOf(language, file).filter((t) => /\{\{[^}]*,[^}]*\}\}/.test(t)),
          `${language}/${file}`,
        ).toEqual([]);
  });
});

describe('pickLanguage', () => {
  it('keeps a remembered choice, else takes the first browser language the portal speaks, else English', () => {
    expect(pickLanguage('ar', ['en-US'])).toBe('ar');
    expect(pickLanguage(null, ['fr-FR', 'ar-EG', 'en'])).toBe('ar');
    expect(pickLanguage(null, ['en-GB', 'ar'])).toBe('en');
    expect(pickLanguage(null, ['de'])).toBe('en');
    expect(pickLanguage('xx', [])).toBe('en');
  });
});
