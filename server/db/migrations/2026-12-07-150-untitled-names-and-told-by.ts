import type { Kysely } from 'kysely';
import { withoutTitle } from '../../lib/names.js';

/**
 * - Professionals' names are stored without a leading "Dr."/"Dr"/"د.": screens and mails add the
 *   title in the reader's language (the existing client writes "Dr." itself). A name whose untitled
 *   form another doctor already holds keeps its title, so the unique doctor names stay unique.
 * - history_diagnoses.told_by_doctor_id: the doctor a patient names as having told her a diagnosis
 *   she reports herself (never its author); told_by keeps his name as free text beside it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('history_diagnoses').addColumn('told_by_doctor_id', 'varchar(24)').execute();
  const people = await db.selectFrom('users').select(['id', 'role', 'name']).where('role', 'in', ['doctor', 'pharmacist']).execute();
  const taken = new Set(people.filter((p) => p.role === 'doctor').map((p) => String(p.name).toLowerCase()));
  for (const person of people) {
    const name = withoutTitle(String(person.name));
    if (name === person.name || !name) continue;
    if (person.role === 'doctor' && taken.has(name.toLowerCase())) continue;
    await db.updateTable('users').set({ name }).where('id', '=', person.id).execute();
    if (person.role === 'doctor') {
      taken.delete(String(person.name).toLowerCase());
      taken.add(name.toLowerCase());
    }
  }
}

/** The column goes; the titles cannot come back (nothing recorded which names had one). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('history_diagnoses').dropColumn('told_by_doctor_id').execute();
}
