import type { Kysely } from 'kysely';

/**
 * Every upload kept from now on, with the account that sent it and its size: an account's storage
 * quota is the sum of its rows, and deleting a file deletes its row (files stored before this
 * table existed count for nobody).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    // The stored value as columns hold it: /uploads/<name> or private:<name>.
    .addColumn('path', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stored_files_owner').on('stored_files').column('owner_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_files').execute();
}
