/** Text helpers shared by the pages that show server content: image addresses, HTML excerpts, dates. */
import { stripTags } from '../../shared/html-text';
import { formatDate } from './clinicTime';

export { stripTags };

/** Image addresses from the server are shown over https when they name a scheme. */
export const secureUrl = (url: string | null | undefined) => (url ?? '').replace(/^http:\/\//i, 'https://');

/** The first words of some HTML's text, cut at a word boundary with an ellipsis. */
export function excerpt(html: string, length: number): string {
  const text = stripTags(html);
  return text.length <= length ? text : `${text.slice(0, length).replace(/\s+\S*$/, '')}…`;
}

/** A readable date such as "14 March 2026" (or "14 Mar 2026"), or '' for a value that is not a date. */
export function readableDate(iso: string, month: 'long' | 'short' = 'long'): string {
  return formatDate(iso, month);
}
