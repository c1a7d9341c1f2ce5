/** A stored date (12:00 UTC) as day - month - year; the text as given when it is not a date. */
export function formatDay(value: string): string {
  const date = new Date(value);
  if (!value || Number.isNaN(date.getTime())) return value || '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())} - ${pad(date.getUTCMonth() + 1)} - ${date.getUTCFullYear()}`;
}
