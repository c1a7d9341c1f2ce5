import { toDepartment } from '../../lib/departments.js';
import { badRequest } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { App } from '../../types.js';
import { toDoctorResult } from './dto.js';
import { createMatcher, searchWords } from './name-match.js';
import { doctorsRepository } from './repository.js';

export const doctorSorts = ['nextSlot', 'rating', 'name'] as const;
export type DoctorSort = (typeof doctorSorts)[number];
const genders = ['male', 'female'];

/** Doctors on one page of search results. */
export const doctorsPerPage = 24;

export interface DoctorSearchQuery {
  q?: string;
  specialization?: string;
  gender?: string;
  sort?: string;
  page?: string;
}

type Candidate = Awaited<ReturnType<ReturnType<typeof doctorsRepository>['searchCandidates']>>[number];
type Result = Candidate & { rate: number; ratings: number; next_slot: string | null };

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
 * Doctor search: the department and gender filters run in the database, the typo-tolerant match
 * on name and department runs here over those few columns, and only the doctors found are read
 * in full (rating, fee, next free slot) to be sorted and paged.
 */
export function doctorSearch(app: App) {
  const repo = doctorsRepository(app.db);

  return async function search(query: DoctorSearchQuery, options: { paged: boolean }) {
    const sort = (query.sort ?? 'nextSlot') as DoctorSort;
    if (!doctorSorts.includes(sort)) throw badRequest('Sort by next available slot (nextSlot), rating or name');
    const gender = query.gender?.toLowerCase();
    if (gender !== undefined && !genders.includes(gender)) throw badRequest('Choose male or female doctors, or leave the gender empty');
    const page = query.page === undefined ? 1 : Number(query.page);
    if (!Number.isInteger(page) || page < 1) throw badRequest('The page must be a whole number from 1');
    const specialization = query.specialization === undefined ? undefined : (toDepartment(query.specialization) ?? query.specialization);

    let candidates = await repo.searchCandidates({ specialization, gender });
    const typed = searchWords(query.q ?? '');
    if (typed.length > 0) {
      const matchScore = createMatcher(typed);
      const scored = candidates.flatMap((c) => {
        const score = matchScore(c.name, c.specialization);
        return score === null ? [] : [{ c, score }];
      });
      // When some doctors match closely, looser (typo) matches are noise.
      const best = Math.min(...scored.map((s) => s.score));
      candidates = scored.filter((s) => s.score < best + 1).map((s) => s.c);
    }

    const total = candidates.length;
    const pages = Math.max(1, Math.ceil(total / doctorsPerPage));
    const pageOf = <T>(items: T[]) => (options.paged ? items.slice((page - 1) * doctorsPerPage, page * doctorsPerPage) : items);
    // By name the page is known before reading the rest, so only its doctors are read in full.
    if (sort === 'name') candidates = pageOf(candidates.sort((a, b) => a.name.localeCompare(b.name)));
    const { next, rates } = await repo.searchAggregates(candidates.map((c) => c.id), nowIso());
    const results: Result[] = candidates
      .map((c) => ({ ...c, rate: rates.get(c.id)?.rate ?? 0, ratings: rates.get(c.id)?.ratings ?? 0, next_slot: next.get(c.id) ?? null }))
      .sort(comparators[sort]);
    const shown = sort === 'name' ? results : pageOf(results);
    return {
      doctors: shown.map((r) => toDoctorResult(r, app.images)),
      total,
      page: options.paged ? page : 1,
      pages: options.paged ? pages : 1,
      timeZone: app.config.clinicTimeZone,
    };
  };
}
