import { toDepartment, type Department } from '../../lib/departments.js';
import { nowIso } from '../../lib/time.js';
import type { App } from '../../types.js';
import { toDoctorResult } from './dto.js';
import { allowedTypos, searchWords, wordScore } from './name-match.js';
import { doctorsRepository } from './repository.js';

import type { DoctorSearchQuery, DoctorSort } from './search-query.js';

/** Doctors on one page of search results. */
export const doctorsPerPage = 24;

type Row = Awaited<ReturnType<ReturnType<typeof doctorsRepository>['listedPage']>>[number];
type Result = Row & { rate: number; ratings: number; next_slot: string | null };

/** Averages are shown rounded to one decimal, and sorted that way. */
const toResult = (row: Row): Result => ({
  ...row,
  rate: Math.round(Number(row.rating_avg) * 10) / 10,
  ratings: Number(row.rating_count),
  next_slot: row.next_free_at,
});

const byName = (a: Result, b: Result) => a.name.localeCompare(b.name);
const byRating = (a: Result, b: Result) => b.rate - a.rate || b.ratings - a.ratings || byName(a, b);
/** Soonest free slot first; doctors with none open come last. ISO times in UTC sort as text. */
const byNextSlot = (a: Result, b: Result) => {
  if (a.next_slot === b.next_slot) return byRating(a, b);
  if (a.next_slot === null) return 1;
  if (b.next_slot === null) return -1;
  return a.next_slot < b.next_slot ? -1 : 1;
};
const comparators: Record<DoctorSort, (a: Result, b: Result) => number> = { nextSlot: byNextSlot, rating: byRating, name: byName };

/**
 * The indexed words that may be meant by one typed word, each with its score (0 exact, larger is
 * looser). Only words sharing the first letter, or the second (two first letters swapped, one
 * missing or added), are read: the candidates of a typo, not the whole vocabulary.
 */
async function nearWords(repo: ReturnType<typeof doctorsRepository>, typed: string): Promise<Map<string, number>> {
  const prefixes = allowedTypos(typed.length) === 0 ? [typed] : [...new Set([typed[0]!, typed[1]!])];
  const near = new Map<string, number>();
  for (const word of (await Promise.all(prefixes.map((p) => repo.wordsStartingWith(p)))).flat()) {
    const score = wordScore(typed, word);
    if (score !== null) near.set(word, score);
  }
  return near;
}

/**
 * The department a one-word search means: when every indexed word close enough to count (within
 * one point of the best, the rule the scoring below applies) is one department's name, the
 * results are exactly that department's doctors.
 */
function departmentMeant(near: Map<string, number>[]): Department | null {
  if (near.length !== 1 || near[0]!.size === 0) return null;
  const scores = [...near[0]!.entries()];
  const best = Math.min(...scores.map(([, score]) => score));
  const counted = scores.filter(([, score]) => score < best + 1).map(([word]) => toDepartment(word));
  const first = counted[0];
  return first && counted.every((d) => d === first) ? first : null;
}

/**
 * Doctor search. Without text the database filters, sorts and pages (next free slot and rating are
 * columns kept in step by triggers). With text, each typed word is looked up in the word index
 * (exact, prefix or a near typo among few candidates) and only the doctors having those words are
 * read, scored and sorted here.
 */
export function doctorSearch(app: App) {
  const repo = doctorsRepository(app.db);

  return async function search(query: DoctorSearchQuery, options: { paged: boolean }) {
    // Sort, gender and page were checked by the route's schema (doctorsQuery).
    const sort = (query.sort ?? 'nextSlot') as DoctorSort;
    const gender = query.gender?.toLowerCase();
    const page = query.page === undefined ? 1 : Number(query.page);
    const specialization = query.specialization === undefined ? undefined : (toDepartment(query.specialization) ?? query.specialization);

    const filter = { specialization, gender };
    const limit = options.paged ? doctorsPerPage : null;
    const offset = (page - 1) * doctorsPerPage;
    await repo.refreshPassedNextFree(nowIso());

    const typed = searchWords(query.q ?? '');
    let total: number;
    let shown: Result[];
    if (typed.length === 0) {
      // No text: the database filters, counts, sorts and pages.
      [total, shown] = await Promise.all([repo.countListed(filter), repo.listedPage(filter, sort, offset, limit).then((rows) => rows.map(toResult))]);
    } else {
      const near = await Promise.all(typed.map((t) => nearWords(repo, t)));
      const department = departmentMeant(near);
      if (department && (!specialization || specialization === department)) {
        // One word that can only mean a department ("cardiolgy"): its 1,000 doctors are filtered,
        // counted, sorted and paged by the database, like a department chosen from the filter.
        const byDepartment = { ...filter, specialization: department };
        [total, shown] = await Promise.all([
          repo.countListed(byDepartment),
          repo.listedPage(byDepartment, sort, offset, limit).then((rows) => rows.map(toResult)),
        ]);
        return answer(total, shown);
      }
      const words = [...new Set(near.flatMap((n) => [...n.keys()]))];
      // A typed word that matches nothing leaves no doctor; with several words, only doctors having one of each are read.
      const groups = typed.length > 1 ? near.map((n) => [...n.keys()]) : [];
      const rows = words.length && groups.every((g) => g.length) ? await repo.doctorsWithWords(words, filter, groups) : [];
      // Every typed word must match one of the doctor's words; his score adds each typed word's best match.
      const found = new Map<string, { row: Row; best: number[] }>();
      for (const row of rows) {
        const entry = found.get(row.id) ?? { row, best: typed.map(() => Infinity) };
        found.set(row.id, entry);
        near.forEach((n, t) => {
          const score = n.get(row.word);
          if (score !== undefined && score < entry.best[t]!) entry.best[t] = score;
        });
      }
      const scored = [...found.values()].flatMap(({ row, best }) => (best.every(Number.isFinite) ? [{ row, score: best.reduce((a, b) => a + b, 0) }] : []));
      // When some doctors match closely, looser (typo) matches are noise.
      const best = Math.min(...scored.map((s) => s.score));
      const results = scored.filter((s) => s.score < best + 1).map((s) => toResult(s.row));
      results.sort(comparators[sort]);
      total = results.length;
      shown = limit === null ? results : results.slice(offset, offset + limit);
    }
    return answer(total, shown);

    function answer(count: number, rows: Result[]) {
      const pages = Math.max(1, Math.ceil(count / doctorsPerPage));
      return {
        doctors: rows.map((r) => toDoctorResult(r, app.images)),
        total: count,
        page: options.paged ? page : 1,
        pages: options.paged ? pages : 1,
        timeZone: app.config.clinicTimeZone,
      };
    }
  };
}
