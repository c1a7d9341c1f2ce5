import type { Language } from '../db/schema.js';
import { utcToClinicTime } from './clinic-time.js';

export type { Language };

/** The languages the portal writes to people in; the first is the default. */
export const languages: readonly Language[] = ['en', 'ar'];

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (languages as readonly string[]).includes(value);

/** A stored value as a language, English for anything unknown (an older row, a typo). */
export const asLanguage = (value: unknown): Language => (isLanguage(value) ? value : 'en');

/**
 * The language of a request's Accept-Language header: the first supported tag in the order of its
 * q-values, so 'ar' or 'ar-EG' is Arabic; anything else, or nothing, is English.
 */
export function languageFromAcceptLanguage(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const tags = text
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    const primary = tag.split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

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
  if (language === 'ar') return `مع ${doctorName} يوم ${clinicWhen('ar', zone, startsAt)} (بتوقيت ${zoneName('ar', zone)})`;
  const local = utcToClinicTime(new Date(startsAt), zone);
  return `with ${doctorName} on ${local.date} at ${local.time} (${zoneName('en', zone)} time)`;
}
