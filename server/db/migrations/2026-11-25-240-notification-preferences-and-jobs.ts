import type { Kysely } from 'kysely';

const id = 'varchar(24)';

/**
 * Per-person email choices for each notification event (only choices that differ from the default
 * are meaningful, but a stored row always wins), and the jobs the scheduler runs at a set time:
 * appointment reminders and the rating prompt after a visit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'event'])
    .execute();

  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    // A deleted slot takes its jobs with it.
    .addColumn('appointment_id', id, (c) => c.notNull().references('appointments.id').onDelete('cascade'))
    .addColumn('patient_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The appointment's start the job was planned for: a moved appointment no longer matches. */
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('run_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scheduled_jobs_due').on('scheduled_jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('scheduled_jobs_appointment').on('scheduled_jobs').columns(['appointment_id', 'status']).execute();
  await db.schema.createIndex('notifications_user_unread').on('notifications').columns(['user_id', 'event', 'read_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_user_unread').execute();
  await db.schema.dropTable('scheduled_jobs').execute();
  await db.schema.dropTable('notification_preferences').execute();
}
