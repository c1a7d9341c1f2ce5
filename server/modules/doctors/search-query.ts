import { z } from 'zod';
import { isPageNumber, refuse } from '../../lib/form-schema.js';
import { givenField } from '../../lib/form-text.js';
import { queryText } from '../../lib/schemas.js';

export const doctorSorts = ['nextSlot', 'rating', 'name'] as const;
export type DoctorSort = (typeof doctorSorts)[number];
const genders = ['male', 'female'];

/** A query value as meant: `undefined` when missing, blank or a placeholder. */
const given = () => queryText.transform(givenField);

/**
 * `GET doctors`: a name asks for one doctor's page and ignores the rest; otherwise sort, gender and
 * page are checked in that order (one check over the query, so the order holds).
 */
export const doctorsQuery = z
  .object({
    specialization: given(),
    name: given(),
    q: given(),
    gender: given().describe('male or female (any case)'),
    sort: given().describe('nextSlot (the default), rating or name'),
    page: given().describe('A whole number from 1'),
  })
  .superRefine((query, ctx) => {
    if (query.name !== undefined) return;
    if (query.sort !== undefined && !(doctorSorts as readonly string[]).includes(query.sort))
      refuse(ctx, 'Sort by next available slot (nextSlot), rating or name');
    else if (query.gender !== undefined && !genders.includes(query.gender.toLowerCase()))
      refuse(ctx, 'Choose male or female doctors, or leave the gender empty');
    else if (query.page !== undefined && !isPageNumber(query.page)) refuse(ctx, 'The page must be a whole number from 1');
  });

/** A search as checked by doctorsQuery (or the route's own list, sorted by name). */
export interface DoctorSearchQuery {
  q?: string;
  specialization?: string;
  gender?: string;
  sort?: string;
  page?: string;
}
