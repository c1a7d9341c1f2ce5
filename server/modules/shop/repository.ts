import { sql, type CompiledQuery, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB, Dialect } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { closestTerms, searchWords, textQuerySpelling } from './typos.js';

export interface ProductFilters {
  minCents: number | null;
  maxCents: number | null;
  category: string;
  pharmacy: string;
}

export const productSorts = ['relevance', 'price-asc', 'price-desc', 'newest'] as const;
export type ProductSort = (typeof productSorts)[number];

export interface ProductSearch extends ProductFilters {
  /** Free text over name, brand, active ingredients and summary, tolerant of small typos. */
  q: string;
  /** relevance applies only with a text; without one the newest come first. */
  sort: ProductSort;
}

/** Every listing shows products in stock before sold-out ones. */
const inStockFirst = sql`case when products.quantity > 0 then 0 else 1 end`;

/** A LIKE pattern matching the text anywhere, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Catalogue queries. Deleted products never appear in the public catalogue. */
export function shopRepository(db: DB, dialect: Dialect) {
  const withSeller = () => db.selectFrom('products').innerJoin('users as owner', 'owner.id', 'products.owner_id');

  /** Products on sale: not deleted, and sold by an approved pharmacist (pending, rejected or suspended ones sell nothing). */
  const onSale = () => withSeller().where('products.deleted', '=', 0).where('owner.status', '=', 'approved');

  /** The columns a listing shows. */
  const described = (q: ReturnType<typeof withSeller>) =>
    q
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
        'products.brand',
        'products.active_ingredients',
        'products.prescription_only',
        'owner.id as owner_id',
        'owner.username as owner_username',
        'owner.pharmacy_name as owner_pharmacy',
        'categories.name as category_name',
        'categories.slug as category_slug',
      ]);

  const listed = () => described(onSale());

  // Any query over products (on sale, listed, filtered) keeps its own row type.
  const newestFirst = <T extends SelectQueryBuilder<Database, 'products', any>>(q: T) =>
    q.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc') as T;

  const filtered = (f: ProductFilters) => {
    let q = onSale();
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
    return q;
  };

  const spelling = textQuerySpelling[dialect];

  /**
   * The full-text query for the words: every word must match, as a prefix of an indexed term or,
   * when no term starts with it, as one of the closest terms. null when a word matches nothing at all.
   */
  async function textQuery(words: string[]): Promise<string | null> {
    const vocabulary = sql.table(spelling.vocabulary);
    const groups: string[] = [];
    for (const word of words) {
      const prefixed = await sql<{ term: string }>`select term from ${vocabulary} where term >= ${word} and term < ${`${word}\uffff`} limit 1`.execute(db);
      if (prefixed.rows.length) {
        groups.push(spelling.prefix(word));
        continue;
      }
      // Typos rarely hit the first letter; reading only that letter's terms keeps this fast on a large catalogue.
      const first = [...word][0];
      const { rows } = await sql<{
        term: string;
      }>`select term from ${vocabulary} where term >= ${first} and term < ${`${first}\uffff`} and length(term) >= ${word.length - 2}`.execute(db);
      const close = closestTerms(
        word,
        rows.map((r) => r.term),
      );
      if (!close.length) return null;
      groups.push(spelling.anyOf(close));
    }
    return spelling.allOf(groups);
  }

  /** The text condition and its relevance (higher is better) for each database. */
  async function textMatch(q: ReturnType<typeof filtered>, words: string[]): Promise<{ q: typeof q; rank: RawBuilder<number> } | null> {
    const match = await textQuery(words);
    if (!match) return null;
    if (dialect === 'postgres') {
      // products.search_document weighs name and brand (A) over ingredients (B) over the summary (D).
      const query = sql`${match}::tsquery`;
      return { q: q.where(sql<boolean>`products.search_document @@ ${query}`), rank: sql<number>`ts_rank(products.search_document, ${query})` };
    }
    const fts = sql<{
      fts_rowid: number;
      fts_rank: number;
    }>`(select rowid as fts_rowid, bm25(products_fts, 10.0, 10.0, 5.0, 1.0) as fts_rank from products_fts where products_fts match ${match})`;
    // bm25 is lower for better matches; name and brand weigh ten times the summary, ingredients five times.
    return { q: q.innerJoin(fts.as('fts'), (join) => join.on(sql<boolean>`fts.fts_rowid = products.rowid`)), rank: sql<number>`(0 - fts.fts_rank)` };
  }

  async function searchIn(s: ProductSearch, offset: number, limit: number, executor: DB = db) {
    const words = searchWords(s.q);
    let q = filtered(s);
    let rank: RawBuilder<number> | null = null;
    if (words.length) {
      const matched = await textMatch(q, words);
      if (!matched) return { rows: [] as ListedProduct[], total: 0 };
      ({ q, rank } = matched);
    } else if (s.q) {
      // Only signs ("%", "+"): no words to search, so the name is matched literally.
      q = q.where(sql<boolean>`lower(products.name) like ${containsPattern(s.q)} escape '\\'`);
    }
    let ordered = q.orderBy(inStockFirst);
    if (s.sort === 'price-asc') ordered = ordered.orderBy('products.price_cents', 'asc');
    else if (s.sort === 'price-desc') ordered = ordered.orderBy('products.price_cents', 'desc');
    else if (s.sort === 'relevance' && rank) ordered = ordered.orderBy(rank, 'desc');
    // The page's ids and the number of all matches in one pass over the matches (a window count);
    // then the details of those few only, so sorting all matches carries their ids, not whole rows.
    // The queries are built on the repository's handle and run on the executor (a transaction with its own settings).
    const run = async <R>(query: { compile: () => CompiledQuery<R> }) => (await executor.executeQuery(query.compile())).rows;
    const page = await run(
      newestFirst(ordered)
        .select(['products.id', sql<number | string>`count(*) over ()`.as('total')])
        .limit(limit)
        .offset(offset),
    );
    let total = Number(page[0]?.total ?? 0);
    if (!page.length && offset > 0) {
      // Past the last page the window has no row to report on.
      const [counted] = await run(q.select((eb) => eb.fn.countAll().as('n')));
      total = Number(counted?.n ?? 0);
    }
    if (!page.length) return { rows: [] as ListedProduct[], total };
    const ids = page.map((p) => p.id);
    // Found by primary key alone: the page's products were on sale a moment ago, in the query above.
    const details = new Map((await run(described(withSeller()).where('products.id', 'in', ids))).map((row) => [row.id, row]));
    return { rows: ids.flatMap((id) => details.get(id) ?? []), total };
  }

  /** One page of a search with filters and sort, products in stock first, and the number of all matches. */
  async function search(s: ProductSearch, offset: number, limit: number) {
    if (dialect !== 'postgres' || !searchWords(s.q).length) return searchIn(s, offset, limit);
    // PostgreSQL costs a full-text match like a plain comparison, so for a common word it reads all
    // 50,000 products (60–90 ms) or walks the newest-first index, rather than the GIN index (10 ms).
    // With those off for this one search's transaction it takes the GIN index (EXPLAIN ANALYZE on the
    // bench:search data); the few details are then read by primary key in a bitmap scan.
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
      return searchIn(s, offset, limit, trx);
    });
  }

  return {
    page: (offset: number, limit: number) => newestFirst(listed().orderBy(inStockFirst)).limit(limit).offset(offset).execute(),

    search,

    bySlug: (slug: string) => listed().where('products.slug', '=', slug).executeTakeFirst(),
    /** Products on sale under any of these names (in any case) with stock left, cheapest first. */
    /**
     * Products in stock that may be the same medicine as the given ones: those products, or any
     * whose ingredient list mentions one of `ingredients` (the caller compares the whole lists).
     * Cheapest first.
     */
    inStockMatching: (productIds: string[], ingredients: string[]) =>
      productIds.length
        ? listed()
            .where((eb) =>
              eb.or([
                eb('products.id', 'in', productIds),
                ...ingredients.map((i) => sql<boolean>`lower(products.active_ingredients) like ${containsPattern(i)} escape '\\'`),
              ]),
            )
            .where('products.quantity', '>', 0)
            .orderBy('products.price_cents')
            .orderBy('products.id')
            .execute()
        : Promise.resolve([]),
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
        .orderBy(inStockFirst)
        .orderBy(sql`case when products.category_id = ${categoryId} then 0 else 1 end`)
        .orderBy('products.created_at', 'desc')
        .limit(limit)
        .execute();
    },

    categories: () => db.selectFrom('categories').select(['id', 'name', 'slug', 'parent_id']).orderBy('position').orderBy('name').execute(),
  };
}

export type ListedProduct = Awaited<ReturnType<ReturnType<typeof shopRepository>['page']>>[number];
