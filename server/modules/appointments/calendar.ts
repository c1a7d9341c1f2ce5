import { createEvent } from 'ics';
import { utcToClinicTime } from '../../lib/clinic-time.js';
import { type Language } from '../../i18n/language.js';
import { clinicWhen } from '../../i18n/dates.js';
import type { CalendarEntry } from './calendar-repository.js';
import { appointmentMinutes } from './repository.js';
import { doctorTitled, withoutTitle } from '../../lib/names.js';

/**
 * The calendar file (iCalendar, RFC 5545) of one reservation, built with the `ics` package.
 *
 * Times are written in UTC (`DTSTART:…Z`): the instant is stored in UTC and a UTC time means the
 * same moment in every calendar, whatever the reader's zone and whatever Egypt's daylight-saving
 * rules do that year, with no VTIMEZONE block to get wrong. The clinic's zone is named in
 * X-WR-TIMEZONE and the description gives the clinic's wall-clock time, so a reader sees both.
 *
 * The UID is the reservation's own and never changes, so each new file replaces the event in the
 * calendar: a moved reservation comes with a higher SEQUENCE, a cancelled one with METHOD:CANCEL.
 */

export interface CalendarContext {
  clinicName: string;
  timeZone: string;
  /** The host part of UIDs, so they are unique beyond this portal. */
  host: string;
  /** The organizer's address (the portal's sender address). */
  organizerEmail: string;
  /** Where the appointment can be seen, put in the event. */
  url: string;
}

const toArray = (iso: string) => {
  const d = new Date(iso);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()] as [number, number, number, number, number];
};

type Entry = Pick<
  CalendarEntry,
  'uid' | 'starts_at' | 'sequence' | 'cancelled_at' | 'cancel_reason' | 'doctor_name' | 'doctor_specialization' | 'doctor_location' | 'updated_at'
>;

/** The event's title and description in the reader's language (the file's structure is the same in both). */
function eventWords(entry: Entry, context: CalendarContext, cancelled: boolean, language: Language) {
  if (language === 'ar') {
    return {
      title: `${cancelled ? 'أُلغي: ' : ''}موعد مع د. ${withoutTitle(entry.doctor_name)}`,
      description: [
        `موعد مع د. ${withoutTitle(entry.doctor_name)} (${entry.doctor_specialization}) في ${context.clinicName}.`,
        `بتوقيت العيادة (${context.timeZone}): ${clinicWhen('ar', context.timeZone, entry.starts_at)}.`,
        ...(cancelled ? [`أُلغي الموعد${entry.cancel_reason ? `: ${entry.cancel_reason}` : '.'}`] : []),
      ].join('\n'),
    };
  }
  const local = utcToClinicTime(new Date(entry.starts_at), context.timeZone);
  return {
    title: `${cancelled ? 'Cancelled: ' : ''}Appointment with ${doctorTitled(entry.doctor_name)}`,
    description: [
      `Appointment with ${doctorTitled(entry.doctor_name)} (${entry.doctor_specialization}) at ${context.clinicName}.`,
      `Clinic time (${context.timeZone}): ${local.date} at ${local.time}.`,
      ...(cancelled ? [`Cancelled${entry.cancel_reason ? `: ${entry.cancel_reason}` : '.'}`] : []),
    ].join('\n'),
  };
}

export function calendarFile(entry: Entry, context: CalendarContext, language: Language = 'en'): string {
  const cancelled = entry.cancelled_at !== null;
  const { title, description } = eventWords(entry, context, cancelled, language);
  const { error, value } = createEvent({
    productId: `-//${context.clinicName.replace(/\/\//g, '/')}//Appointments//EN`,
    method: cancelled ? 'CANCEL' : 'PUBLISH',
    calName: context.clinicName,
    uid: `${entry.uid}@${context.host}`,
    sequence: entry.sequence,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    title,
    description,
    location: entry.doctor_location || context.clinicName,
    url: context.url,
    start: toArray(entry.starts_at),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: appointmentMinutes },
    organizer: { name: context.clinicName, email: context.organizerEmail },
    lastModified: toArray(entry.updated_at),
  });
  if (error || !value) throw error ?? new Error('calendar file could not be built');
  // `ics` has no field for the calendar's zone; the line goes in the calendar's header, before the event.
  return value.replace('BEGIN:VEVENT', `X-WR-TIMEZONE:${context.timeZone}\r\nBEGIN:VEVENT`);
}
