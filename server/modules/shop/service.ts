import { cleanField } from '../../lib/form-text.js';
import { amountToCents } from '../../lib/mappers.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { toDetail, toListItem } from './dto.js';
import { productSorts, shopRepository, type ProductSearch, type ProductSort } from './repository.js';

export const pageSize = 12;
const maxFound = 200;
const relatedCount = 4;

function priceBound(value: string | undefined, label: string): number | null {
  const text = cleanField(value);
  if (!text) return null;
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount < 0) throw badRequest(`The ${label} price must be a number of 0 or more`);
  return amountToCents(amount);
}

function readSort(value: string | undefined, hasText: boolean): ProductSort {
  const text = cleanField(value);
  if (!text) return hasText ? 'relevance' : 'newest';
  if (!(productSorts as readonly string[]).includes(text)) throw badRequest(`The sort must be one of ${productSorts.join(', ')}`);
  return text as ProductSort;
}

/** Search text, filters and sort from the query string, checked. */
function readSearch(query: Record<string, string | undefined>, text: string | undefined): ProductSearch {
  const q = cleanField(text).slice(0, 200);
  const search: ProductSearch = {
    q,
    sort: readSort(query.sort, q !== ''),
    minCents: priceBound(query.minPrice, 'lowest'),
    maxCents: priceBound(query.maxPrice, 'highest'),
    category: cleanField(query.category).slice(0, 200),
    pharmacy: cleanField(query.pharmacy).slice(0, 200),
  };
  if (search.minCents !== null && search.maxCents !== null && search.minCents > search.maxCents) {
    throw badRequest('The lowest price must not be above the highest price');
  }
  return search;
}

export function shopService(app: App) {
  const repo = shopRepository(app.db, app.dialect);

  return {
    /** One page of the catalogue, searched, filtered and sorted (no values: the whole catalogue, newest first). */
    async page(query: Record<string, string | undefined>) {
      const text = cleanField(query.page) || '1';
      const requested = Number(text);
      if (!Number.isInteger(requested) || requested < 1) throw badRequest('The page must be a whole number of 1 or more');
      const search = readSearch(query, query.q);
      const first = await repo.search(search, (requested - 1) * pageSize, pageSize);
      const pages = Math.max(1, Math.ceil(first.total / pageSize));
      // A page past the end (the catalogue shrank since the link was made) shows the last one.
      const page = Math.min(requested, pages);
      const { rows, total } = page === requested ? first : await repo.search(search, (page - 1) * pageSize, pageSize);
      return { products: rows.map((r) => toListItem(r, app.images)), page, pages, results: total };
    },

    /** The filter call of the original shop: the name is searched like q; at most 200 products. */
    async find(query: Record<string, string | undefined>) {
      const { rows } = await repo.search(readSearch(query, query.name), 0, maxFound);
      return { product: rows.map((r) => toListItem(r, app.images)) };
    },

    async product(slugText: string | undefined) {
      const slug = cleanField(slugText);
      const row = slug ? await repo.bySlug(slug) : undefined;
      if (!row) throw notFound('This product does not exist or is no longer sold');
      const [texts, photos] = await Promise.all([repo.detail(row.id), repo.photos(row.id)]);
      return { product: toDetail(row, texts, photos, app.images) };
    },

    async related(slugText: string | undefined) {
      const slug = cleanField(slugText);
      const row = slug ? await repo.bySlug(slug) : undefined;
      if (!row) throw notFound('This product does not exist or is no longer sold');
      const rows = await repo.related(row.id, row.category_id, relatedCount);
      return { products: rows.map((r) => toListItem(r, app.images)) };
    },

    /** What is on sale under these names with stock left, cheapest first: the offers beside a prescription's lines. */
    inStockNamed: (names: string[]) => repo.inStockNamed(names),

    async categories() {
      const rows = await repo.categories();
      const top = rows.filter((c) => !c.parent_id);
      return {
        categories: top.map((c) => ({
          _id: c.id,
          name: c.name,
          slug: c.slug,
          sub_categories: rows.filter((s) => s.parent_id === c.id).map((s) => ({ _id: s.id, name: s.name, slug: s.slug })),
        })),
      };
    },
  };
}
