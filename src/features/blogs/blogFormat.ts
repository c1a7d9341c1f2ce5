/** Text helpers for posts: date labels, share summaries and keywords. */
import { monthAndDay } from '../../ui/clinicTime';
import { stripTags } from '../../ui/text';

/** What a share dialog says about a post: the first 200 characters of its text. */
export const shareSummary = (html: string) => stripTags(html).slice(0, 200);

/** The short label on a post's picture: month abbreviation and day of the month. */
export function dateLabel(iso: string): { month: string; day: string } {
  return monthAndDay(iso);
}

/** Keywords as typed: split on whitespace (and commas), empty pieces dropped. */
export const keywordList = (typed: string) => typed.split(/[\s,]+/).filter(Boolean);
