import type { DB } from '../../db/index.js';
import type { BlogsTable } from '../../db/schema.js';

/** Queries for posts and their categories; every post comes back with its category joined. */
export function blogsRepository(db: DB) {
  const withCategory = () =>
    db
      .selectFrom('blogs')
      .innerJoin('blog_categories', 'blog_categories.id', 'blogs.category_id')
      .innerJoin('users as author', 'author.id', 'blogs.author_id')
      // Articles an administrator took down, or whose author is not approved, are not public.
      .where('blogs.unpublished', '=', 0)
      .where('author.status', '=', 'approved')
      .select([
        'blogs.id',
        'blogs.slug',
        'blogs.title',
        'blogs.content',
        'blogs.thumbnail',
        'blogs.keywords',
        'blogs.created_at',
        'blogs.updated_at',
        'blog_categories.name as category_name',
        'blog_categories.slug as category_slug',
      ]);

  return {
    /** Oldest first: the home page shows the last three as the latest. */
    list: () => withCategory().orderBy('blogs.created_at', 'asc').orderBy('blogs.id', 'asc').execute(),
    findBySlug: (slug: string) => withCategory().where('blogs.slug', '=', slug).executeTakeFirst(),
    categories: () => db.selectFrom('blog_categories').selectAll().orderBy('name').execute(),
    categoryBySlug: (slug: string) => db.selectFrom('blog_categories').selectAll().where('slug', '=', slug).executeTakeFirst(),
    slugTaken: async (slug: string) => Boolean(await db.selectFrom('blogs').select('id').where('slug', '=', slug).executeTakeFirst()),
    insert: (row: BlogsTable) => db.insertInto('blogs').values(row).execute(),
  };
}

export type BlogRow = NonNullable<Awaited<ReturnType<ReturnType<typeof blogsRepository>['findBySlug']>>>;
