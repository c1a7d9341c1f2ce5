import { badRequest, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { allowRoles, type Viewer } from '../../plugins/auth.js';
import type { UploadedFile } from '../../storage/images.js';
import type { BlogForm } from './dto.js';
import type { App } from '../../types.js';
import { toBlogDto } from './dto.js';
import { blogsRepository } from './repository.js';
import { stripTags } from '../../../shared/html-text.js';
import { sanitizeContent } from './sanitize.js';
import { parseKeywords } from './text.js';
import { insertWithFreeSlug, slugify } from '../../lib/slugs.js';

export function blogsService(app: App) {
  const repo = blogsRepository(app.db);

  return {
    async list() {
      const rows = await repo.list();
      return { blogs: rows.map((r) => toBlogDto(r, app.images)) };
    },

    async bySlug(slug: string) {
      const row = slug ? await repo.findBySlug(slug) : undefined;
      if (!row) throw notFound('This blog post does not exist or was removed');
      return { blog: [toBlogDto(row, app.images)] };
    },

    async categories() {
      const rows = await repo.categories();
      return { categories: rows.map((c) => ({ _id: c.id, name: c.name, slug: c.slug })) };
    },

    async create(viewer: Viewer, { title, ...form }: BlogForm, file: UploadedFile | undefined) {
      allowRoles(viewer, 'doctor');
      const content = await sanitizeContent(app.sanitizer, form.content, viewer.id);
      if (!stripTags(content)) throw badRequest('Please write the content of the blog');

      // The existing client sends the category's slug as `category`, and again as `slug` once chosen.
      const categorySlug = form.category || form.slug;
      if (!categorySlug) throw badRequest('Please choose a category');
      const category = await repo.categoryBySlug(categorySlug);
      if (!category) throw badRequest('This category does not exist; please choose one from the list');

      if (!file) throw badRequest('Please choose a thumbnail image');
      const thumbnail = await app.images.save(file, 'The thumbnail', viewer.id);

      const keywords = parseKeywords(form.keywords);
      const now = nowIso();
      const { slug } = await insertWithFreeSlug(slugify(title, 'blog'), repo.slugTaken, (slug) =>
        repo.insert({
          id: newId(),
          slug,
          title,
          content,
          thumbnail,
          category_id: category.id,
          author_id: viewer.id,
          keywords: JSON.stringify(keywords),
          created_at: now,
          updated_at: now,
        }),
      );
      const row = await repo.findBySlug(slug);
      return { message: 'Your blog is published', blog: toBlogDto(row!, app.images) };
    },
  };
}
