import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database } from '../../db/schema.js';

export interface ProductFilters {
  name: string;
  minCents: number | null;
  maxCents: number | null;
  category: string;
  pharmacy: string;
}

/** A LIKE pattern matching the text anywhere, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Catalogue queries. Deleted products never appear in the public catalogue. */
export function shopRepository(db: DB) {
  const listed = () =>
    db
      .selectFrom('products')
      .innerJoin('users as owner', 'owner.id', 'products.owner_id')
      .leftJoin('categories', 'categories.id', 'products.category_id')
      .select([
        'products.id',
        'products.slug',
        'products.name',
        'products.price_cents',
        'products.quantity',
        'products.thumbnail',
        'products.about',
        'products.category_id',
        'products.created_at',
        'owner.id as owner_id',
        'owner.username as owner_username',
        'owner.pharmacy_name as owner_pharmacy',
        'categories.name as category_name',
        'categories.slug as category_slug',
      ])
      .where('products.deleted', '=', 0)
      // A pharmacist who is not approved (pending, rejected, suspended) sells nothing.
      .where('owner.status', '=', 'approved');

  const newestFirst = <T extends ReturnType<typeof listed>>(q: T) => q.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc');

  return {
    count: async () => {
      const row = await db
        .selectFrom('products')
        .innerJoin('users as owner', 'owner.id', 'products.owner_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('products.deleted', '=', 0)
        .where('owner.status', '=', 'approved')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    page: (offset: number, limit: number) => newestFirst(listed()).limit(limit).offset(offset).execute(),

    find: (f: ProductFilters, limit: number) => {
      let q = listed();
      if (f.name) q = q.where(sql<boolean>`lower(products.name) like ${containsPattern(f.name)} escape '\\'`);
      if (f.minCents !== null) q = q.where('products.price_cents', '>=', f.minCents);
      if (f.maxCents !== null) q = q.where('products.price_cents', '<=', f.maxCents);
      if (f.pharmacy) {
        const pattern = containsPattern(f.pharmacy);
        q = q.where((eb) =>
          eb.or([sql<boolean>`lower(owner.pharmacy_name) like ${pattern} escape '\\'`, sql<boolean>`lower(owner.username) like ${pattern} escape '\\'`]),
        );
      }
      if (f.category) {
        // A category slug matches its own products and those of its sub-categories.
        q = q.where('products.category_id', 'in', (eb: ExpressionBuilder<Database, 'products'>) =>
          eb
            .selectFrom('categories as c')
            .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
            .select('c.id')
            .where((w) => w.or([w('c.slug', '=', f.category), w('parent.slug', '=', f.category)])),
        );
      }
      return newestFirst(q).limit(limit).execute();
    },

    bySlug: (slug: string) => listed().where('products.slug', '=', slug).executeTakeFirst(),
    detail: (id: string) =>
      db
        .selectFrom('products')
        .select(['description', 'indications', 'side_effects', 'contraindications', 'about'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    photos: (productId: string) => db.selectFrom('product_photos').select(['id', 'url']).where('product_id', '=', productId).orderBy('position').execute(),

    /** Same sub-category first, then the rest of its parent category. */
    related: async (productId: string, categoryId: string | null, limit: number) => {
      if (!categoryId) return [];
      const category = await db.selectFrom('categories').select(['id', 'parent_id']).where('id', '=', categoryId).executeTakeFirst();
      const family = category?.parent_id
        ? (await db.selectFrom('categories').select('id').where('parent_id', '=', category.parent_id).execute()).map((c) => c.id)
        : [categoryId];
      return listed()
        .where('products.id', '!=', productId)
        .where('products.category_id', 'in', family)
        .orderBy(sql`case when products.category_id = ${categoryId} then 0 else 1 end`)
        .orderBy('products.created_at', 'desc')
        .limit(limit)
        .execute();
    },

    categories: () => db.selectFrom('categories').select(['id', 'name', 'slug', 'parent_id']).orderBy('position').orderBy('name').execute(),
  };
}

export type ListedProduct = Awaited<ReturnType<ReturnType<typeof shopRepository>['page']>>[number];
