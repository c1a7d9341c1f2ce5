import { formatDate, formatDateTime } from '../../ui/clinicTime';

/**
 * Both sides of a conversation read the same clock: the clinic's (Africa/Cairo), in the chosen
 * language, whatever the time zone of the browser.
 */

/** The list's date label, e.g. "23 Nov 2026" ('' when not a date). */
export const chatDate = (iso: string): string => formatDate(iso);

/** A message's time stamp with day, month, year and hour:minute, e.g. "23 Nov 2026, 14:05" ('' when not a date). */
export const messageStamp = (iso: string): string => formatDateTime(iso);

/** Initials for a person without a picture. */
export const initials = (name: string) =>
  name
    .replace(/^Dr\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
