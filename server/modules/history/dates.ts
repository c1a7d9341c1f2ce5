import { refuse, type FieldRule } from '../../lib/form-schema.js';
import { isCalendarDay } from '../../lib/time.js';

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function monthFromName(word: string): number | null {
  const lower = word.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const index = months.findIndex((m) => m.startsWith(lower));
  return index === -1 ? null : index + 1;
}

/** A real calendar day (no 31 April), kept at 12:00 UTC so no time zone moves it to another day. */
function calendarDay(year: number, month: number, day: number): Date | null {
  return isCalendarDay(year, month, day) ? new Date(Date.UTC(year, month - 1, day, 12)) : null;
}

/**
 * Reads a date typed as free text. The forms suggest month first ("01/25/1970", "MM-DD-YYYY");
 * a first number above 12 can only be a day, so "25/01/1970" is read day first. ISO dates
 * (1970-01-25) and month names ("25 January 1970", "Jan 25, 1970") are understood too.
 * Returns null for anything else.
 */
export function parseFreeDate(text: string): Date | null {
  const value = text.trim().replace(/\s+/g, ' ');
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:T.*)?$/.exec(value);
  if (m) return calendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (m) {
    const [first, second, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return first > 12 ? calendarDay(year, second, first) : calendarDay(year, first, second);
  }
  m = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+\.?),? (\d{4})$/i.exec(value);
  if (m) {
    const month = monthFromName(m[2]);
    return month ? calendarDay(Number(m[3]), month, Number(m[1])) : null;
  }
  m = /^([a-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i.exec(value);
  if (m) {
    const month = monthFromName(m[1]);
    return month ? calendarDay(Number(m[3]), month, Number(m[2])) : null;
  }
  return null;
}

/** Earliest year a history date may carry; later than next year is a typing mistake. */
const firstYear = 1900;

/** A required date field as an ISO datetime at 12:00 UTC, or a refusal that says how to type it. */
export const dateRule =
  (label: string): FieldRule<string> =>
  (text, ctx) => {
    if (!text) return refuse(ctx, `Please enter the ${label}, for example 01/25/1970`);
    const date = parseFreeDate(text);
    if (!date) return refuse(ctx, `The ${label} "${text.slice(0, 40)}" could not be read; please type it as MM-DD-YYYY, for example 01/25/1970`);
    const lastYear = new Date().getUTCFullYear() + 1;
    const year = date.getUTCFullYear();
    if (year < firstYear || year > lastYear) return refuse(ctx, `The ${label} must be between ${firstYear} and ${lastYear}`);
    return date.toISOString();
  };
