import type { Kysely } from 'kysely';

const id = 'varchar(24)';

/**
 * Allergies are the eighth section of a history. They sit in their own table, like the other
 * sections, so the prescription safety check can read a patient's allergies with one indexed query.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('history_allergies')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('history_id', id, (c) => c.notNull().references('histories.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('substance', 'text', (c) => c.notNull())
    .addColumn('reaction', 'text', (c) => c.notNull().defaultTo(''))
    // mild | moderate | severe
    .addColumn('severity', 'varchar(16)', (c) => c.notNull().defaultTo('moderate'))
    .execute();
  await db.schema.createIndex('history_allergies_history').on('history_allergies').column('history_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('history_allergies').execute();
}
