import type { Kysely } from 'kysely';

/**
 * A rating must follow a real visit: a past appointment that the doctor did not mark as a no-show.
 * Doctors mark each past appointment `attended` or `no_show` ('' until they do); ratings get an
 * optional comment shown on the doctor's profile.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('appointments')
    .addColumn('attendance', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('ratings')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Rating checks look for a patient's past appointments with one doctor.
  await db.schema.createIndex('appointments_patient_doctor').on('appointments').columns(['patient_id', 'doctor_id', 'starts_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('appointments_patient_doctor').execute();
  await db.schema.alterTable('ratings').dropColumn('comment').execute();
  await db.schema.alterTable('appointments').dropColumn('attendance').execute();
}
