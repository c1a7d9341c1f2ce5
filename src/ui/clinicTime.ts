import { currentLanguage, i18n } from '../i18n';
import { languageInfo } from '../i18n/languages';

/**
 * The one place dates, times and numbers are formatted, with Intl in the chosen language (English as
 * en-GB, Arabic as ar-EG: Arabic month names and digits) and always in the clinic's time zone.
 *
 * Appointment slots arrive with `date` set to the clinic's calendar day at 12:00 UTC and `time` as
 * the clinic's wall-clock HH:MM, so formatting them in UTC shows the clinic's day in any browser.
 */
export const clinicTimeZone = 'Africa/Cairo';

const formats = new Map<string, Intl.DateTimeFormat>();
/** A cached formatter for the current language. */
function dateFormat(options: Intl.DateTimeFormatOptions, englishLocale?: string): Intl.DateTimeFormat {
  const language = currentLanguage();
  const locale = language === 'en' && englishLocale ? englishLocale : languageInfo(language).locale;
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const valid = (value: string | number | Date): Date | undefined => {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
};

/** "Tue, 15 Jan 2027", or '' for a value that is not a date. */
export function slotDay(date: string): string {
  const parsed = valid(date);
  return parsed ? dateFormat({ timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(parsed) : '';
}

/** A calendar day ("2026-11-30", a day of the clinic already) as "30 Nov" (Arabic: "٣٠ نوفمبر"), or '' when not a date. */
export function dayAndMonth(date: string): string {
  const parsed = valid(date);
  return parsed ? dateFormat({ timeZone: 'UTC', day: 'numeric', month: 'short' }).format(parsed) : '';
}

/** "14:30" → "2:30 PM" (Arabic: "٢:٣٠ م"). */
export function slotTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hour = Number(match[1]);
  if (currentLanguage() === 'en') return `${hour % 12 || 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
  return dateFormat({ timeZone: 'UTC', hour: 'numeric', minute: '2-digit', hour12: true }).format(Date.UTC(2000, 0, 1, hour, Number(match[2])));
}

/** A slot's start as "Tue 26 Nov, 10:00 am" in the given zone (the browser's when it is unknown). */
export function slotMoment(iso: string, timeZone: string | undefined): string {
  const parsed = valid(iso);
  return parsed
    ? dateFormat({ timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true }).format(parsed)
    : '';
}

/** "Africa/Cairo" → "Cairo time". */
export function zoneLabel(timeZone: string | undefined): string {
  if (!timeZone) return '';
  const city = timeZone.split('/').pop() ?? timeZone;
  const name = city.replace(/_/g, ' ');
  return i18n.t('zone', { city: i18n.t(`cities.${city}`, { defaultValue: name }) });
}

/** A moment as a date in the clinic's time zone: "15 Jan 2027" or "15 January 2027" ('' when not a date). */
export function formatDate(value: string | number | Date, month: 'long' | 'short' = 'short'): string {
  const parsed = valid(value);
  return parsed ? dateFormat({ timeZone: clinicTimeZone, day: 'numeric', month, year: 'numeric' }).format(parsed) : '';
}

/** The two parts of a date badge in the clinic's time zone: month abbreviation ("Mar") and day ("04"). */
export function monthAndDay(value: string | number | Date): { month: string; day: string } {
  const parsed = valid(value);
  if (!parsed) return { month: '', day: '' };
  return {
    month: dateFormat({ timeZone: clinicTimeZone, month: 'short' }, 'en-US').format(parsed),
    day: dateFormat({ timeZone: clinicTimeZone, day: '2-digit' }).format(parsed),
  };
}

/** A moment as date and time in the clinic's time zone: "15 Jan 2027, 14:30". */
export function formatDateTime(value: string | number | Date): string {
  const parsed = valid(value);
  return parsed
    ? dateFormat({ timeZone: clinicTimeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(
        parsed,
      )
    : '';
}

/** A moment's time of day in the clinic's time zone: "14:30". */
export function formatTime(value: string | number | Date): string {
  const parsed = valid(value);
  return parsed ? dateFormat({ timeZone: clinicTimeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(parsed) : '';
}

/** A count in the current language's digits (`options` for a fixed number of decimals, as a rating's 4.5). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(languageInfo(currentLanguage()).locale, options).format(value);
}
