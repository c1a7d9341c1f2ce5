import { cleanField } from '../../lib/form-text.js';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { toDetail, toListItem } from './dto.js';
import { shopRepository, type ProductSearch } from './repository.js';

export const pageSize = 12;
const maxFound = 200;
const relatedCount = 4;

export function shopService(app: App) {
  const repo = shopRepository(app.db, app.dialect);

  return {
    /** One page of the catalogue, searched, filtered and sorted (no values: the whole catalogue, newest first). */
    async page({ page: requested, search }: { page: number; search: ProductSearch }) {
      const first = await repo.search(search, (requested - 1) * pageSize, pageSize);
      const pages = Math.max(1, Math.ceil(first.total / pageSize));
      // A page past the end (the catalogue shrank since the link was made) shows the last one.
      const page = Math.min(requested, pages);
      const { rows, total } = page === requested ? first : await repo.search(search, (page - 1) * pageSize, pageSize);
      return { products: rows.map((r) => toListItem(r, app.images)), page, pages, results: total };
    },

    /** The filter call of the original shop: the name is searched like q; at most 200 products. */
    async find(search: ProductSearch) {
      const { rows } = await repo.search(search, 0, maxFound);
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
    inStockMatching: (productIds: string[], ingredients: string[]) => repo.inStockMatching(productIds, ingredients),

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
