import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { DB, Dialect } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { productDocumentSql, productNamesSql, trigramSchema } from '../../db/search-document.js';
import { closestTerms, ftsLiteral, searchWords } from './typos.js';

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
  let trigram: Promise<string> | undefined;
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
        'products.brand',
        'products.active_ingredients',
        'products.prescription_only',
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

  const filtered = (f: ProductFilters) => {
    let q = listed();
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

  /**
   * The FTS5 query for the words: every word must match, as a prefix of an indexed term or, when
   * no term starts with it, as one of the closest terms. null when a word matches nothing at all.
   */
  async function ftsMatch(words: string[]): Promise<string | null> {
    const groups: string[] = [];
    for (const word of words) {
      const prefixed = await sql<{ term: string }>`select term from products_fts_vocab where term >= ${word} and term < ${`${word}\uffff`} limit 1`.execute(db);
      if (prefixed.rows.length) {
        groups.push(`${ftsLiteral(word)}*`);
        continue;
      }
      // Typos rarely hit the first letter; reading only that letter's terms keeps this fast on a large catalogue.
      const first = [...word][0];
      const { rows } = await sql<{
        term: string;
      }>`select term from products_fts_vocab where term >= ${first} and term < ${`${first}\uffff`} and length(term) >= ${word.length - 2}`.execute(db);
      const close = closestTerms(
        word,
        rows.map((r) => r.term),
      );
      if (!close.length) return null;
      groups.push(`(${close.map(ftsLiteral).join(' OR ')})`);
    }
    return groups.join(' AND ');
  }

  /** The text condition and its relevance (higher is better) for each database. */
  async function textMatch(executor: DB, q: ReturnType<typeof filtered>, words: string[]): Promise<{ q: typeof q; rank: RawBuilder<number> } | null> {
    if (dialect === 'postgres') {
      trigram ??= trigramSchema(db);
      const trgm = sql.raw(await trigram);
      const text = words.join(' ');
      const doc = sql.raw(productDocumentSql);
      const names = sql.raw(productNamesSql);
      // Each word is decided on its own, so each condition is one the trigram indexes serve (an `or`
      // of the two made the planner read every product): a word found somewhere in the catalogue
      // must be in the text; a word found nowhere is taken as a typo (from four letters on) and must
      // be within pg_trgm's word similarity of a word of the name or brand.
      const conditions: RawBuilder<boolean>[] = [];
      for (const word of words) {
        const pattern = containsPattern(word);
        const found = await sql<{
          found: boolean;
        }>`select exists (select 1 from products where ${doc} like ${pattern} escape '\\' and products.deleted = 0) as found`.execute(executor);
        if (found.rows[0]?.found) conditions.push(sql<boolean>`${doc} like ${pattern} escape '\\'`);
        else if (word.length > 3) conditions.push(sql<boolean>`${names} operator(${trgm}.%>) ${word}`);
        else return null;
      }
      // The names decide the order: how close the words are to them, and whether the name or brand
      // (not only an ingredient) holds the words as typed.
      const nameOrBrand = sql.raw("lower(products.name || ' ' || products.brand)");
      const relevance = sql<number>`(2 * ${trgm}.word_similarity(${text}, ${names}) + case when ${nameOrBrand} like ${containsPattern(text)} escape '\\' then 1 else 0 end)`;
      return { q: q.where((eb) => eb.and(conditions)), rank: relevance };
    }
    const match = await ftsMatch(words);
    if (!match) return null;
    const fts = sql<{
      fts_rowid: number;
      fts_rank: number;
    }>`(select rowid as fts_rowid, bm25(products_fts, 10.0, 10.0, 5.0, 1.0) as fts_rank from products_fts where products_fts match ${match})`;
    // bm25 is lower for better matches; name and brand weigh ten times the summary, ingredients five times.
    return { q: q.innerJoin(fts.as('fts'), (join) => join.on(sql<boolean>`fts.fts_rowid = products.rowid`)), rank: sql<number>`(0 - fts.fts_rank)` };
  }

  /** One page of a search with filters and sort, products in stock first, and the number of all matches; run on `executor`. */
  async function searchWith(executor: DB, s: ProductSearch, words: string[], offset: number, limit: number) {
    let q = filtered(s);
    let rank: RawBuilder<number> | null = null;
    if (words.length) {
      const matched = await textMatch(executor, q, words);
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
    // The queries are built on the repository's handle and run on the executor (a transaction with its own settings).
    const counted = await executor.executeQuery(
      q
        .clearSelect()
        .select((eb) => eb.fn.countAll().as('n'))
        .compile(),
    );
    const rows = await executor.executeQuery(newestFirst(ordered).limit(limit).offset(offset).compile());
    return { rows: rows.rows as ListedProduct[], total: Number(counted.rows[0]?.n ?? 0) };
  }

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
    page: (offset: number, limit: number) => newestFirst(listed().orderBy(inStockFirst)).limit(limit).offset(offset).execute(),

    /** One page of a search with filters and sort, products in stock first, and the number of all matches. */
    search: async (s: ProductSearch, offset: number, limit: number) => {
      const words = searchWords(s.q);
      if (dialect !== 'postgres' || !words.length) return searchWith(db, s, words, offset, limit);
      // PostgreSQL costs pg_trgm's operators like a plain comparison, so it would read all 50,000
      // products (180 ms) rather than a trigram index (10 ms). With sequential scans off for this
      // one search's transaction it takes the indexes (EXPLAIN ANALYZE on the bench:search data).
      return db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return searchWith(trx, s, words, offset, limit);
      });
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
