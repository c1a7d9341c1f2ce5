/**
 * Appointment slots arrive with `date` set to the clinic's calendar day at 12:00 UTC and `time` as
 * the clinic's wall-clock HH:MM, so formatting them in UTC shows the clinic's day in any browser.
 */

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** "Tue, 15 Jan 2027", or '' for a value that is not a date. */
export function slotDay(date: string): string {
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? '' : dayFormat.format(parsed);
}

/** "14:30" → "2:30 PM". */
export function slotTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hour = Number(match[1]);
  return `${hour % 12 || 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "Africa/Cairo" → "Cairo time". */
export function zoneLabel(timeZone: string | undefined): string {
  if (!timeZone) return '';
  const city = timeZone.split('/').pop() ?? timeZone;
  return `${city.replace(/_/g, ' ')} time`;
}
