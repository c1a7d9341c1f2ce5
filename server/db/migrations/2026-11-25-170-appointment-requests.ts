import { type Kysely } from 'kysely';

/* Written against Kysely<any>: a migration is frozen in time and must not follow later schema types. */

const id = 'varchar(24)';

/**
 * Appointment requests that reach someone, and what doctor search needs.
 * - appointment_requests: what the request form sends. A guest has no account (patient_id null)
 *   and leaves a name and phone; a request names a doctor or only a department. It stays
 *   `pending` until a doctor or an administrator accepts it into a slot or declines it with a reason.
 * - users.fee_cents: a doctor's consultation fee (0 = not given).
 * - appointments_free_by_doctor: finds a doctor's next free slot with one index seek.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('appointment_requests')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('patient_id', id, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('doctor_id', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('preferred_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('preferred_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decline_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('appointment_id', id, (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('handled_by', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appointment_requests_doctor').on('appointment_requests').columns(['doctor_id', 'created_at']).execute();
  await db.schema.createIndex('appointment_requests_department').on('appointment_requests').columns(['department', 'created_at']).execute();
  await db.schema.createIndex('appointment_requests_patient').on('appointment_requests').columns(['patient_id', 'created_at']).execute();

  await db.schema.createIndex('appointments_free_by_doctor').on('appointments').columns(['doctor_id', 'reserved', 'starts_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('appointments_free_by_doctor').ifExists().execute();
  await db.schema.dropTable('appointment_requests').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('fee_cents').execute();
}
