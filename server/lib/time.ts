/** Timestamps travel and are stored as ISO strings, so both databases sort them the same way. */
export const nowIso = () => new Date().toISOString();

/** Whether year, month (1–12) and day name a real calendar day (no 31 April, no 29 February 2027). */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  const probe = new Date(Date.UTC(year, month - 1, day, 12));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}
