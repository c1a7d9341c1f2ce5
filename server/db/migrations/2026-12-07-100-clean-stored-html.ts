import type { Kysely } from 'kysely';
import { sanitizeHtml, type HtmlPolicy } from '../../lib/html.js';
import { nestsWithinLimit } from '../../lib/html-shape.js';
import { escapeText, stripTags } from '../../../shared/html-text.js';
import { articlePolicy } from '../../modules/blogs/sanitize.js';
import { productPolicy } from '../../modules/shop/sanitize.js';

/**
 * Product texts and articles are cleaned once, when written, and shown as stored: a page read by
 * guests never parses HTML, so no stored text can make it slow. Rows written before were cleaned
 * again on every read; this cleans each of them once, as the write path now does:
 * - a text nested deeper than the limit (written before the limit counted as a parser does) keeps
 *   its words as plain text, since cleaning its markup is what would take seconds;
 * - a product's about text becomes plain text, as the product form stores it.
 * Cleaning is idempotent, so rows already cleaned when written come out the same. No schema change;
 * `down` has nothing to undo.
 */
function stored(html: string, policy: HtmlPolicy): string {
  if (!html) return '';
  return nestsWithinLimit(html) ? sanitizeHtml(html, policy) : escapeText(stripTags(html));
}

export async function up(db: Kysely<any>): Promise<void> {
  const products = await db.selectFrom('products').select(['id', 'about', 'description', 'indications', 'side_effects', 'contraindications']).execute();
  for (const row of products) {
    const cleaned: Record<string, string> = {
      about: stripTags(stored(row.about, productPolicy)),
      description: stored(row.description, productPolicy),
      indications: stored(row.indications, productPolicy),
      side_effects: stored(row.side_effects, productPolicy),
      contraindications: stored(row.contraindications, productPolicy),
    };
    const changes = Object.fromEntries(Object.entries(cleaned).filter(([column, value]) => value !== (row as Record<string, string>)[column]));
    if (Object.keys(changes).length) await db.updateTable('products').set(changes).where('id', '=', row.id).execute();
  }
  const blogs = await db.selectFrom('blogs').select(['id', 'content']).execute();
  for (const row of blogs) {
    const content = stored(row.content, articlePolicy);
    if (content !== row.content) await db.updateTable('blogs').set({ content }).where('id', '=', row.id).execute();
  }
}

export async function down(): Promise<void> {}
