import { z } from 'zod';
import type { ImageStore } from '../../storage/images.js';
import type { BlogRow } from './repository.js';

export const blogCategorySchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });

export const blogSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  thumbnail: z.string(),
  keywords: z.array(z.string()),
  category: z.object({ name: z.string(), slug: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});

function keywordsOf(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

export function toBlogDto(row: BlogRow, images: ImageStore): z.infer<typeof blogSchema> {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    thumbnail: images.url(row.thumbnail),
    keywords: keywordsOf(row.keywords),
    category: { name: row.category_name, slug: row.category_slug },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
