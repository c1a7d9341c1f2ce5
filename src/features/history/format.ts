import { formatDate } from '../../ui/clinicTime';
/**
 * A stored date (12:00 UTC, the same calendar day in Cairo) in the portal's one date format
 * ("1 Sept 2025"; Arabic month names and digits in Arabic); the text as given when it is not a date.
 */
export function formatDay(value: string): string {
  if (!value) return '-';
  return formatDate(value) || value;
}
