import { rtlSentence } from '../../shared/bidi-isolate.js';
import { type Language } from './language.js';
import { utcToClinicTime } from '../lib/clinic-time.js';
import { doctorTitled, withoutTitle } from '../lib/names.js';

/**
 * Dates and times in the texts the server writes to people (e-mails, notifications, calendar
 * files), in the reader's language and the clinic's time zone.
 */

/** Arabic dates and times are written the way Egyptian readers expect (ar-EG), in the clinic's zone. */
const arabicDate = (zone: string) => new Intl.DateTimeFormat('ar-EG', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const arabicTime = (zone: string) => new Intl.DateTimeFormat('ar-EG', { timeZone: zone, hour: 'numeric', minute: '2-digit' });

/** A clinic time of day: "10:30" in English (as the portal always wrote it), "١٠:٣٠ ص" in Arabic. */
export function clinicTimeOfDay(language: Language, zone: string, instant: string): string {
  if (language === 'ar') return arabicTime(zone).format(new Date(instant));
  return utcToClinicTime(new Date(instant), zone).time;
}

/** A clinic date and time: "2027-01-15 at 10:30" in English, "الجمعة، ١٥ يناير ٢٠٢٧ الساعة ١٠:٣٠ ص" in Arabic. */
export function clinicWhen(language: Language, zone: string, instant: string): string {
  if (language === 'ar') return `${arabicDate(zone).format(new Date(instant))} الساعة ${arabicTime(zone).format(new Date(instant))}`;
  const local = utcToClinicTime(new Date(instant), zone);
  return `${local.date} at ${local.time}`;
}

/** What the clinic's zone is called after "time" / "بتوقيت". */
function zoneName(language: Language, zone: string): string {
  if (language === 'ar') return zone === 'Africa/Cairo' ? 'القاهرة' : 'العيادة';
  return zone.split('/').pop()?.replace(/_/g, ' ') ?? zone;
}

/** "with Dr. X on 2027-01-15 at 10:30 (Cairo time)": a slot as people read it, in the clinic's zone. */
export function describeSlotIn(language: Language, zone: string, doctorName: string, startsAt: string): string {
  // The stored name has no title: the reader's language adds it once.
  if (language === 'ar') return rtlSentence`مع د. ${withoutTitle(doctorName)} يوم ${clinicWhen('ar', zone, startsAt)} (بتوقيت ${zoneName('ar', zone)})`;
  const local = utcToClinicTime(new Date(startsAt), zone);
  return `with ${doctorTitled(doctorName)} on ${local.date} at ${local.time} (${zoneName('en', zone)} time)`;
}
