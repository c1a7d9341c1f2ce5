import { describe, expect, it } from 'vitest';
import { cleanField, containsNul, givenField, notSent } from './form-text.js';

describe('client text rules', () => {
  it('reads blank values and the placeholders the client sends as missing', () => {
    for (const missing of [undefined, '', '  ', 'undefined', 'null', ' null ', '[object Object]', '[object Object],[object Object]']) {
      expect(cleanField(missing)).toBe('');
      expect(givenField(missing)).toBeUndefined();
    }
    expect(cleanField('  Cairo ')).toBe('Cairo');
    expect(givenField(' cardiology ')).toBe('cardiology');
    expect(cleanField('nullable')).toBe('nullable');
  });

  it('counts an empty field of a partial update as sent (it clears), a placeholder as not sent', () => {
    expect(notSent(undefined)).toBe(true);
    expect(notSent('undefined')).toBe(true);
    expect(notSent('[object Object]')).toBe(true);
    expect(notSent('')).toBe(false);
    expect(notSent('01112223344')).toBe(false);
  });

  it('finds a NUL character in a value or a list of values', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul(['a', 'b\u0000'])).toBe(true);
    expect(containsNul('ab')).toBe(false);
    expect(containsNul(3)).toBe(false);
  });
});
