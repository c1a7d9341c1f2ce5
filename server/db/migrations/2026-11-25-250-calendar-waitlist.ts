import type { Kysely } from 'kysely';

const id = 'varchar(24)';

/**
 * - appointments.held_for / held_until: a freed slot offered to a waitlisted patient is held for her
 *   until `held_until`; nobody else can reserve it meanwhile.
 * - calendar_entries: one calendar event per reservation. Its UID stays the same when the patient
 *   moves it, its sequence grows with every change, and a cancelled one is kept so its calendar
 *   file can still say CANCEL after the slot was freed or deleted (so no foreign key to the slot).
 * - waitlist_entries: patients waiting for a slot of a doctor, first come first offered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('appointments')
    .addColumn('held_for', id, (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('appointments').addColumn('held_until', 'varchar(32)').execute();

  await db.schema
    .createTable('calendar_entries')
    .addColumn('uid', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('appointment_id', id, (c) => c.notNull())
    .addColumn('patient_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('doctor_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancelled_at', 'varchar(32)')
    .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_entries_appointment').on('calendar_entries').columns(['appointment_id', 'updated_at']).execute();

  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('doctor_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patient_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('offered_slot_id', id)
    .addColumn('offer_expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('waitlist_entries_doctor_patient', ['doctor_id', 'patient_id'])
    .execute();
  await db.schema.createIndex('waitlist_entries_doctor_created').on('waitlist_entries').columns(['doctor_id', 'created_at']).execute();
  await db.schema.createIndex('waitlist_entries_offer_expiry').on('waitlist_entries').column('offer_expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waitlist_entries').execute();
  await db.schema.dropTable('calendar_entries').execute();
  await db.schema.alterTable('appointments').dropColumn('held_until').execute();
  await db.schema.alterTable('appointments').dropColumn('held_for').execute();
}
