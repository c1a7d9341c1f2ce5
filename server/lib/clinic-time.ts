/**
 * Appointment times are entered and shown in the clinic's time zone and stored in UTC.
 * These helpers convert between the two without any time-zone library.
 */

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (seeding converts thousands of slot times). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC, in minutes, at the given instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - instant.getTime()) / 60000);
}

/** The UTC instant of a wall-clock date (YYYY-MM-DD) and time (HH:MM) in the zone. */
export function clinicTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset even across a daylight-saving change.
  let utc = guess - offsetMinutes(new Date(guess), timeZone) * 60000;
  utc = guess - offsetMinutes(new Date(utc), timeZone) * 60000;
  return new Date(utc);
}

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM) of a UTC instant in the zone. */
export function utcToClinicTime(instant: Date, timeZone: string): { date: string; time: string } {
  const local = new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60000);
  const iso = local.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
