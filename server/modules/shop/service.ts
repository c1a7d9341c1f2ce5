import { amountToCents } from '../../lib/mappers.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { toDetail, toListItem } from './dto.js';
import { shopRepository, type ProductFilters } from './repository.js';

export const pageSize = 12;
const maxFound = 200;
const relatedCount = 4;

/** Query values arrive raw: possibly missing, empty, or the text `undefined`/`null`. */
export const queryValue = (value: string | undefined) => {
  const v = (value ?? '').trim();
  return v === 'undefined' || v === 'null' ? '' : v;
};

function priceBound(value: string | undefined, label: string): number | null {
  const text = queryValue(value);
  if (!text) return null;
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount < 0) throw badRequest(`The ${label} price must be a number of 0 or more`);
  return amountToCents(amount);
}

export function shopService(app: App) {
  const repo = shopRepository(app.db);

  return {
    async page(pageText: string | undefined) {
      const text = queryValue(pageText) || '1';
      const requested = Number(text);
      if (!Number.isInteger(requested) || requested < 1) throw badRequest('The page must be a whole number of 1 or more');
      const results = await repo.count();
      const pages = Math.max(1, Math.ceil(results / pageSize));
      const page = Math.min(requested, pages);
      const rows = await repo.page((page - 1) * pageSize, pageSize);
      return { products: rows.map((r) => toListItem(r, app.images)), page, pages, results };
    },

    async find(query: Record<string, string | undefined>) {
      const filters: ProductFilters = {
        name: queryValue(query.name).slice(0, 200),
        minCents: priceBound(query.minPrice, 'lowest'),
        maxCents: priceBound(query.maxPrice, 'highest'),
        category: queryValue(query.category).slice(0, 200),
        pharmacy: queryValue(query.pharmacy).slice(0, 200),
      };
      if (filters.minCents !== null && filters.maxCents !== null && filters.minCents > filters.maxCents) {
        throw badRequest('The lowest price must not be above the highest price');
      }
      const rows = await repo.find(filters, maxFound);
      return { product: rows.map((r) => toListItem(r, app.images)) };
    },

    async product(slugText: string | undefined) {
      const slug = queryValue(slugText);
      const row = slug ? await repo.bySlug(slug) : undefined;
      if (!row) throw notFound('This product does not exist or is no longer sold');
      const [texts, photos] = await Promise.all([repo.detail(row.id), repo.photos(row.id)]);
      return { product: toDetail(row, texts, photos, app.images) };
    },

    async related(slugText: string | undefined) {
      const slug = queryValue(slugText);
      const row = slug ? await repo.bySlug(slug) : undefined;
      if (!row) throw notFound('This product does not exist or is no longer sold');
      const rows = await repo.related(row.id, row.category_id, relatedCount);
      return { products: rows.map((r) => toListItem(r, app.images)) };
    },

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
