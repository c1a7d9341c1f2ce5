import { z } from 'zod';
import { isPageNumber, refuse } from '../../lib/form-schema.js';
import { cleanField } from '../../lib/form-text.js';
import { amountToCents } from '../../lib/mappers.js';
import { queryText } from '../../lib/schemas.js';
import { productSorts, type ProductSearch, type ProductSort } from './repository.js';

/** The catalogue's filters as the query string names them; `text` is the search text (q, or name for the filter call). */
interface SearchQuery {
  sort?: string;
  minPrice?: string;
  maxPrice?: string;
  category?: string;
  pharmacy?: string;
}

/** A price bound in cents, null when not given. */
function priceBound(value: string | undefined, label: string, ctx: z.RefinementCtx): number | null {
  const text = cleanField(value);
  if (!text) return null;
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount < 0) return refuse(ctx, `The ${label} price must be a number of 0 or more`);
  return amountToCents(amount);
}

function readSort(value: string | undefined, hasText: boolean, ctx: z.RefinementCtx): ProductSort {
  const text = cleanField(value);
  if (!text) return hasText ? 'relevance' : 'newest';
  if (!(productSorts as readonly string[]).includes(text)) return refuse(ctx, `The sort must be one of ${productSorts.join(', ')}`);
  return text as ProductSort;
}

/**
 * Search text, filters and sort, checked in the order a person reads them (sort, lowest price,
 * highest price, then the two prices together); refuse stops at the first problem.
 */
function readSearch(query: SearchQuery, text: string | undefined, ctx: z.RefinementCtx): ProductSearch {
  const q = cleanField(text).slice(0, 200);
  const search: ProductSearch = {
    q,
    sort: readSort(query.sort, q !== '', ctx),
    minCents: priceBound(query.minPrice, 'lowest', ctx),
    maxCents: priceBound(query.maxPrice, 'highest', ctx),
    category: cleanField(query.category).slice(0, 200),
    pharmacy: cleanField(query.pharmacy).slice(0, 200),
  };
  if (search.minCents !== null && search.maxCents !== null && search.minCents > search.maxCents) {
    return refuse(ctx, 'The lowest price must not be above the highest price');
  }
  return search;
}

const filterFields = { sort: queryText, category: queryText, minPrice: queryText, maxPrice: queryText, pharmacy: queryText };

/** `GET medicines`: the page asked for (1 when none), checked before the filters, and the search. */
export const catalogueQuery = z.object({ page: queryText, q: queryText, ...filterFields }).transform((query, ctx) => {
  const page = cleanField(query.page) || '1';
  if (!isPageNumber(page)) return refuse(ctx, 'The page must be a whole number of 1 or more');
  return { page: Number(page), search: readSearch(query, query.q, ctx) };
});

/** `POST medicines/find`: the filter call of the original shop, whose `name` is searched like q. */
export const findQuery = z.object({ name: queryText, ...filterFields }).transform((query, ctx) => readSearch(query, query.name, ctx));
