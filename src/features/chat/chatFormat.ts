const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const stampFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

const parse = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The list's date label, e.g. "23 Nov 2026". */
export function chatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : '';
}

/** A message's time stamp with day, month, year and hour:minute, e.g. "23 Nov 2026, 14:05". */
export function messageStamp(iso: string): string {
  const date = parse(iso);
  return date ? stampFormat.format(date) : '';
}

/** Initials for a person without a picture. */
export const initials = (name: string) =>
  name
    .replace(/^Dr\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
