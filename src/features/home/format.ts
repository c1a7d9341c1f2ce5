/** Image addresses from the server are shown over https when they name a scheme. */
export const secureUrl = (url: string | null | undefined) => (url ?? '').replace(/^http:\/\//i, 'https://');

/** The text of some HTML, for excerpts. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function excerpt(html: string, length = 120): string {
  const text = plainText(html);
  return text.length <= length ? text : `${text.slice(0, length).replace(/\s+\S*$/, '')}…`;
}

/** A readable date such as "14 Mar 2026", or '' for a value that is not a date. */
export function readableDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
