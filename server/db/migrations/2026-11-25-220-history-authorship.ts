import { PostgresAdapter, sql, type Kysely } from 'kysely';

const id = 'varchar(24)';

/** Every section of a history, the allergies included. */
const entryTables = [
  'history_medicines',
  'history_diagnoses',
  'history_chronic_diseases',
  'history_genetic_diseases',
  'history_surgeries',
  'history_continuous_medications',
  'history_lab_tests',
  'history_allergies',
];

/**
 * Who wrote each history entry. Until now only patients could add entries, so every existing row
 * is self-reported. A diagnosis could name "its" doctor from a list, which let a patient put words
 * in any doctor's mouth: that name is kept as the free text "told to me by", and the link to the
 * doctor's account is cleared so no doctor is shown as the author of something he never wrote.
 * `hidden_at` is the patient hiding a doctor's entry from her own view; `deleted_at` marks an entry
 * she removed, kept for the few seconds in which she can undo it and purged afterwards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of entryTables) {
    await db.schema
      .alterTable(table)
      .addColumn('author_id', id, (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('self_reported', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable(table).addColumn('hidden_at', 'varchar(32)').execute();
    await db.schema.alterTable(table).addColumn('deleted_at', 'varchar(32)').execute();
  }
  await db.schema
    .alterTable('history_diagnoses')
    .addColumn('told_by', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update history_diagnoses set told_by = coalesce((select name from users where users.id = history_diagnoses.doctor_id), ''), doctor_id = null
    where doctor_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('history_diagnoses').dropColumn('told_by').execute();
  // SQLite cannot drop a column that is part of a foreign key, so there author_id stays (unused).
  const columns = ['deleted_at', 'hidden_at', 'self_reported', ...(db.getExecutor().adapter instanceof PostgresAdapter ? ['author_id'] : [])];
  for (const table of entryTables) {
    for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
