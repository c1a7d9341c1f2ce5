import type { Kysely } from 'kysely';

/**
 * The home page's managed content in Arabic beside its English: the slides' texts, the menus'
 * descriptions and their items' titles. Empty means "not translated": an Arabic reader then gets
 * the English text.
 */
const columns = [
  ['slides', ['title_ar', 'description_ar', 'text_on_link_ar']],
  ['menus', ['description_ar']],
  ['menu_items', ['title_ar']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, names] of columns)
    for (const name of names)
      await db.schema
        .alterTable(table)
        .addColumn(name, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, names] of columns) for (const name of names) await db.schema.alterTable(table).dropColumn(name).execute();
}
