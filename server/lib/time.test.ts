import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './time.js';

describe('isCalendarDay', () => {
  it('accepts real days and refuses days a calendar does not have', () => {
    expect(isCalendarDay(2028, 2, 29)).toBe(true);
    expect(isCalendarDay(2027, 12, 31)).toBe(true);
    expect(isCalendarDay(2027, 2, 29)).toBe(false);
    expect(isCalendarDay(2027, 4, 31)).toBe(false);
    expect(isCalendarDay(2027, 13, 1)).toBe(false);
    expect(isCalendarDay(2027, 0, 10)).toBe(false);
    expect(isCalendarDay(2027, 1, 0)).toBe(false);
    expect(isCalendarDay(2027, 1.5, 1)).toBe(false);
  });
});
