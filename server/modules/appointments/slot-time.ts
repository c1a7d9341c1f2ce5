import { clinicTimeToUtc, utcToClinicTime } from '../../lib/clinic-time.js';
import { badRequest } from '../../lib/errors.js';
import { isCalendarDay } from '../../lib/time.js';

/**
 * Doctors type a slot's date and time as free text in the clinic's time zone. These helpers turn
 * that text into the UTC instant we store, with a message a person can act on when it cannot be read.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Reads YYYY-MM-DD (what a date input sends), YYYY/MM/DD, MM/DD/YYYY or MM-DD-YYYY into YYYY-MM-DD. */
export function parseSlotDate(raw: string): string {
  const text = raw.trim();
  if (!text) throw badRequest('Please enter the date of the appointment');
  let y: number, m: number, d: number;
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (match) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text))) {
    [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    throw badRequest(`"${text.slice(0, 40)}" is not a date we can read; use YYYY-MM-DD, for example 2027-01-25`);
  }
  if (!isCalendarDay(y, m, d)) throw badRequest(`${text} is not a real calendar date`);
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** Reads 24-hour times (14:30, 9:05, 14:30:00) and 12-hour ones (2:30 pm, 2 PM) into HH:MM. */
export function parseSlotTime(raw: string): string {
  const text = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!text) throw badRequest('Please enter the time of the appointment');
  const twelve = /^(\d{1,2})(?::(\d{2}))? ?([ap])\.?m\.?$/.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2] ?? '0');
    if (hour >= 1 && hour <= 12 && minute < 60) {
      const h24 = (hour % 12) + (twelve[3] === 'p' ? 12 : 0);
      return `${pad(h24)}:${pad(minute)}`;
    }
  }
  const twentyFour = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text);
  if (twentyFour) {
    const hour = Number(twentyFour[1]);
    const minute = Number(twentyFour[2]);
    if (hour < 24 && minute < 60) return `${pad(hour)}:${pad(minute)}`;
  }
  throw badRequest(`"${raw.trim().slice(0, 40)}" is not a time we can read; use HH:MM, for example 14:30`);
}

/** How far ahead a doctor may publish a slot. */
const maxDaysAhead = 366;

/** The UTC instant of a slot typed by a doctor, refused when it has passed or is too far ahead. */
export function slotInstant(dateText: string, timeText: string, timeZone: string, now = new Date()) {
  const date = parseSlotDate(dateText);
  const time = parseSlotTime(timeText);
  const startsAt = clinicTimeToUtc(date, time, timeZone);
  if (startsAt.getTime() <= now.getTime()) {
    throw badRequest(`${date} at ${time} has already passed; choose a date and time in the future`);
  }
  if (startsAt.getTime() > now.getTime() + maxDaysAhead * 86400000) {
    throw badRequest('Appointments can be published up to one year ahead');
  }
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
