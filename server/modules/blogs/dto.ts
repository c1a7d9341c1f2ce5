import { z } from 'zod';
import { cleanText, formText, refuse, sentText } from '../../lib/form-schema.js';
import { cleanField } from '../../lib/form-text.js';
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

const maxTitle = 200;

/** `POST blog`: the title is checked here; the content (sanitized) and the category (stored) by the service. */
export const blogBody = z.object({
  title: formText.optional().transform((value, ctx) => {
    const title = cleanField(value).replace(/\s+/g, ' ');
    if (!title) return refuse(ctx, 'Please enter a title for the blog');
    if (title.length > maxTitle) return refuse(ctx, `The title can be at most ${maxTitle} characters long`);
    return title;
  }),
  content: cleanText().describe('HTML (sanitized)'),
  category: cleanText().describe('A category slug'),
  slug: cleanText().describe('The category slug again, as the existing client sends it once chosen'),
  keywords: sentText().describe('Separated by spaces or commas'),
});
export type BlogForm = z.output<typeof blogBody>;
