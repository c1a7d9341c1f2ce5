import type { Blog } from '../types';

/** Posts shaped like the server's, oldest first. */
export function testBlogs(count = 4): Blog[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: `6078afb1fb33703fe4a14${String(100 + i).padStart(3, '0')}`,
    slug: `post-${i + 1}`,
    title: `Post number ${i + 1}`,
    content: `<p>Body of post ${i + 1}.</p>`,
    thumbnail: `http://cdn.clinic.test/post-${i + 1}.png`,
    created_at: new Date(Date.UTC(2026, 2, 10 + i, 12)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 2, 10 + i, 12)).toISOString(),
    category: { name: i % 2 ? 'Nutrition' : 'Heart Health', slug: i % 2 ? 'nutrition' : 'heart-health' },
  }));
}
