import { describe, expect, it } from 'vitest';
import { languageOf } from './language.js';

describe('languageOf (Accept-Language)', () => {
  it('takes Arabic in any region, English otherwise', () => {
    expect(languageOf('ar')).toBe('ar');
    expect(languageOf('ar-EG')).toBe('ar');
    expect(languageOf('AR-eg,en;q=0.5')).toBe('ar');
    expect(languageOf('en')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('')).toBe('en');
    expect(languageOf('fr, de;q=0.5')).toBe('en');
    expect(languageOf('*')).toBe('en');
  });

  it('respects q-values, and among equals the first listed', () => {
    expect(languageOf('en;q=0.4, ar;q=0.8')).toBe('ar');
    expect(languageOf('ar;q=0.4, en;q=0.8')).toBe('en');
    expect(languageOf('fr, ar, en')).toBe('ar');
    expect(languageOf('en, ar')).toBe('en');
    expect(languageOf('ar;q=0, en;q=0.1')).toBe('en');
  });
});
