import { z } from 'zod';
import { cachedRoute } from '../../cache/index.js';
import { errorResponses, queryText } from '../../lib/schemas.js';
import { allowOnly, requireViewer } from '../../plugins/auth.js';
import { firstFile, formBody, uploadsOf } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { blogBody, blogCategorySchema, blogSchema } from './dto.js';
import { blogsService } from './service.js';

/** Doctors' articles: public reading, publishing by doctors only. */
export default async function blogsRoutes(app: App) {
  const service = blogsService(app);
  const tags = ['blogs'];

  app.get(
    '/blog',
    {
      ...cachedRoute(app, { tables: ['blogs', 'blog_categories', 'users'] }),
      schema: {
        tags,
        summary: 'Every post oldest first (`blogs`), or with ?slug= the one post as an array of one (`blog`)',
        querystring: z.object({ slug: queryText }),
        response: { 200: z.union([z.object({ blogs: z.array(blogSchema) }), z.object({ blog: z.array(blogSchema) })]), ...errorResponses },
      },
    },
    async (request) => {
      const { slug } = request.query;
      if (slug === undefined) return service.list();
      return service.bySlug(slug.trim());
    },
  );

  app.get(
    '/blog/category',
    {
      ...cachedRoute(app, { tables: ['blog_categories'] }),
      schema: { tags, summary: 'Blog categories', response: { 200: z.object({ categories: z.array(blogCategorySchema) }), ...errorResponses } },
    },
    async () => service.categories(),
  );

  app.post(
    '/blog',
    {
      onRequest: allowOnly('doctor'),
      schema: {
        tags,
        summary: 'Publish a post (doctors only). Content is sanitized; the address is made from the title.',
        security: [{ token: [] }],
        ...formBody(blogBody, { files: ['thumbnail'] }),
        response: { 200: z.object({ message: z.string(), blog: blogSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      return service.create(viewer, request.body, firstFile({ files: uploadsOf(request) }, 'thumbnail'));
    },
  );
}
