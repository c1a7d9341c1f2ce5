/** A stored date (12:00 UTC) as day - month - year; the text as given when it is not a date. */
export function formatDay(value: string): string {
  const date = new Date(value);
  if (!value || Number.isNaN(date.getTime())) return value || '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())} - ${pad(date.getUTCMonth() + 1)} - ${date.getUTCFullYear()}`;
}

/** A moment in the reader's own time zone, with the time of day. */
export function formatMoment(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
