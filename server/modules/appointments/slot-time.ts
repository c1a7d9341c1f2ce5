import { z } from 'zod';
import { clinicTimeToUtc, utcToClinicTime } from '../../lib/clinic-time.js';
import { refuse, wasRefused, type FieldRule } from '../../lib/form-schema.js';
import { isCalendarDay } from '../../lib/time.js';

/**
 * Doctors type a slot's date and time as free text in the clinic's time zone. These helpers turn
 * that text into the UTC instant we store, with a message a person can act on when it cannot be read.
 */

const pad = (n: number) => String(n).padStart(2, '0');

type Day = [year: number, month: number, day: number];

/** The day of YYYY-MM-DD (what a date input sends), YYYY/MM/DD, MM/DD/YYYY or MM-DD-YYYY; null when unreadable. */
function dayOf(text: string): Day | null {
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (match) return [Number(match[1]), Number(match[2]), Number(match[3])];
  if ((match = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text))) return [Number(match[3]), Number(match[1]), Number(match[2])];
  return null;
}

const dayText = ([y, m, d]: Day) => `${y}-${pad(m)}-${pad(d)}`;

/** HH:MM of a 24-hour time (14:30, 9:05, 14:30:00) or a 12-hour one (2:30 pm, 2 PM); null when unreadable. */
function timeOf(raw: string): string | null {
  const text = raw.toLowerCase().replace(/\s+/g, ' ');
  const twelve = /^(\d{1,2})(?::(\d{2}))? ?([ap])\.?m\.?$/.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2] ?? '0');
    if (hour >= 1 && hour <= 12 && minute < 60) return `${pad((hour % 12) + (twelve[3] === 'p' ? 12 : 0))}:${pad(minute)}`;
  }
  const twentyFour = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text);
  if (twentyFour) {
    const hour = Number(twentyFour[1]);
    const minute = Number(twentyFour[2]);
    if (hour < 24 && minute < 60) return `${pad(hour)}:${pad(minute)}`;
  }
  return null;
}

/**
 * A typed date as YYYY-MM-DD, or as typed when it is not a real day: a form's field reads it so the
 * handler gets the stored form, and the form's check (slotDateRule) refuses what is left as typed.
 */
export const typedDate = (text: string): string => {
  const day = dayOf(text);
  return day && isCalendarDay(...day) ? dayText(day) : text;
};

/** A typed time as HH:MM, or as typed when unreadable (refused by slotTimeRule). */
export const typedTime = (text: string): string => timeOf(text) ?? text;

/** A slot's date, required and readable. */
export const slotDateRule: FieldRule<string> = (text, ctx) => {
  if (!text) return refuse(ctx, 'Please enter the date of the appointment');
  const day = dayOf(text);
  if (!day) return refuse(ctx, `"${text.slice(0, 40)}" is not a date we can read; use YYYY-MM-DD, for example 2027-01-25`);
  if (!isCalendarDay(...day)) return refuse(ctx, `${text} is not a real calendar date`);
  return dayText(day);
};

/** A slot's time of day, required and readable. */
export const slotTimeRule: FieldRule<string> = (text, ctx) => {
  if (!text) return refuse(ctx, 'Please enter the time of the appointment');
  return timeOf(text) ?? refuse(ctx, `"${text.slice(0, 40)}" is not a time we can read; use HH:MM, for example 14:30`);
};

/** How far ahead a slot may be published or a visit requested. */
const maxDaysAhead = 366;

/** The refusals of a time that has passed or is too far ahead, in the words of the form that sent it. */
export interface FutureTimeWords {
  passed: (date: string, time: string) => string;
  tooFar: string;
}

/** A doctor publishing a slot. */
export const publishingWords: FutureTimeWords = {
  passed: (date, time) => `${date} at ${time} has already passed; choose a date and time in the future`,
  tooFar: 'Appointments can be published up to one year ahead',
};

/**
 * A day and time typed in the clinic's time zone (as cleaned form text), read and turned into the
 * UTC instant we store; refused when unreadable, passed or more than a year ahead.
 */
export function futureSlot(dateText: string, timeText: string, timeZone: string, words: FutureTimeWords, ctx: z.RefinementCtx, now = new Date()) {
  const date = slotDateRule(dateText, ctx);
  if (wasRefused(date)) return z.NEVER;
  const time = slotTimeRule(timeText, ctx);
  if (wasRefused(time)) return z.NEVER;
  const startsAt = clinicTimeToUtc(date, time, timeZone);
  if (startsAt.getTime() <= now.getTime()) return refuse(ctx, words.passed(date, time));
  if (startsAt.getTime() > now.getTime() + maxDaysAhead * 86400000) return refuse(ctx, words.tooFar);
  return { date, time, startsAt };
}

/**
 * The date fields a slot travels with. `date` is the slot's calendar day in the clinic at 12:00 UTC,
 * so any browser shows the clinic's day whatever its own zone; `time` is the clinic's wall-clock
 * time (derived from the instant, so it follows the configured zone); `startsAt` is the exact instant for clients that format times themselves.
 */
export function slotDateFields(startsAtIso: string, timeZone: string) {
  const local = utcToClinicTime(new Date(startsAtIso), timeZone);
  return {
    date: `${local.date}T12:00:00.000Z`,
    time: local.time,
    startsAt: startsAtIso,
    timeZone,
  };
}
