import type { Kysely } from 'kysely';
import { searchWords } from './name-match.js';

/**
 * The doctor search word index (doctor_search_words): each doctor's name and department as folded
 * words (lower case, accents removed), one row per distinct word. Search looks words up here instead
 * of reading every doctor. Folding happens in TypeScript (one rule, name-match.ts), so every write of
 * a doctor's name or department calls indexDoctorWords; removing a doctor removes his words (cascade).
 */
export function doctorWords(name: string, specialization: string): string[] {
  return [...new Set([...searchWords(name), ...searchWords(specialization)])];
}

// Kysely<any>: the migration that creates the table calls this too, before later schema types exist.
export async function indexDoctorWords(db: Kysely<any>, doctor: { id: string; name: string; specialization: string }) {
  await db.deleteFrom('doctor_search_words').where('doctor_id', '=', doctor.id).execute();
  const words = doctorWords(doctor.name, doctor.specialization);
  if (words.length)
    await db
      .insertInto('doctor_search_words')
      .values(words.map((word) => ({ doctor_id: doctor.id, word })))
      .execute();
}

/** After an update of users: re-indexes the doctor when his name, department or role may have changed. */
export async function reindexDoctorWordsIfNeeded(db: Kysely<any>, id: string, changes: Record<string, unknown>) {
  if (!('name' in changes) && !('specialization' in changes) && !('role' in changes)) return;
  const user = await db.selectFrom('users').select(['id', 'role', 'name', 'specialization']).where('id', '=', id).executeTakeFirst();
  if (!user) return;
  if (user.role === 'doctor') await indexDoctorWords(db, user);
  else await db.deleteFrom('doctor_search_words').where('doctor_id', '=', id).execute();
}
