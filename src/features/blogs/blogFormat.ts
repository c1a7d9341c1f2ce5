/** Small text helpers for posts: image addresses, date labels, share summaries and keywords. */

/** Thumbnails are shown over https when they name a scheme. */
export const secureUrl = (url: string | null | undefined) => (url ?? '').replace(/^http:\/\//i, 'https://');

/** The text of a post's HTML: tags stripped, entities of spacing undone, whitespace collapsed. */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a share dialog says about a post: the first 200 characters of its text. */
export const shareSummary = (html: string) => stripTags(html).slice(0, 200);

export const shareQuote = (title: string) => `Check: ${title}`;

/** The short label on a post's picture: month abbreviation and day of the month. */
export function dateLabel(iso: string): { month: string; day: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { month: '', day: '' };
  return { month: date.toLocaleDateString('en-US', { month: 'short' }), day: String(date.getDate()).padStart(2, '0') };
}

export function readableDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

export function excerpt(html: string, length = 160): string {
  const text = stripTags(html);
  return text.length <= length ? text : `${text.slice(0, length).replace(/\s+\S*$/, '')}…`;
}

/** Keywords as typed: split on whitespace (and commas), empty pieces dropped. */
export const keywordList = (typed: string) => typed.split(/[\s,]+/).filter(Boolean);
