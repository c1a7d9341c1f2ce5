import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Language, PendingProfileChangesTable, UsersTable } from '../../db/schema.js';
import { indexDoctorWords, reindexDoctorWordsIfNeeded } from '../doctors/search-words.js';

export function accountsRepository(db: DB) {
  return {
    findById: (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    findByEmail: (email: string) => db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst(),

    /** Which of the unique keys are already taken by someone other than `exceptId`. */
    async takenKeys(keys: { email?: string; username?: string }, exceptId?: string) {
      const taken = { email: false, username: false };
      const others = () => {
        let q = db.selectFrom('users').select('id');
        if (exceptId) q = q.where('id', '!=', exceptId);
        return q;
      };
      if (keys.email) taken.email = Boolean(await others().where('email', '=', keys.email.toLowerCase()).executeTakeFirst());
      if (keys.username)
        taken.username = Boolean(
          await others()
            .where(sql<string>`lower(username)`, '=', keys.username.toLowerCase())
            .executeTakeFirst(),
        );
      return taken;
    },

    /**
     * Every doctor's and pharmacist's name, and every name a professional has asked to change to, for
     * the look-alike comparison (a clinic has hundreds, not millions).
     */
    async professionalNames(exceptId?: string): Promise<{ name: string }[]> {
      let listed = db.selectFrom('users').select('name').where('role', 'in', ['doctor', 'pharmacist']);
      let asked = db.selectFrom('pending_profile_changes').select('name').where('name', 'is not', null);
      if (exceptId) {
        listed = listed.where('id', '!=', exceptId);
        asked = asked.where('user_id', '!=', exceptId);
      }
      const [names, pending] = await Promise.all([listed.execute(), asked.execute()]);
      return [...names, ...pending.map((row) => ({ name: row.name as string }))];
    },

    pendingChange: (userId: string) => db.selectFrom('pending_profile_changes').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    /** Stores a change for review; the fields a newer request names replace those of an older one still waiting. */
    savePendingChange: (row: PendingProfileChangesTable) =>
      db
        .insertInto('pending_profile_changes')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            name: sql<string | null>`coalesce(excluded.name, pending_profile_changes.name)`,
            specialization: sql<string | null>`coalesce(excluded.specialization, pending_profile_changes.specialization)`,
            license_number: sql<string | null>`coalesce(excluded.license_number, pending_profile_changes.license_number)`,
            pharmacy_license_number: sql<string | null>`coalesce(excluded.pharmacy_license_number, pending_profile_changes.pharmacy_license_number)`,
            requested_at: row.requested_at,
          }),
        )
        .execute(),

    // A doctor's name and department are searched through the word index, so both writes keep it in step.
    insert: (row: UsersTable, language: Language = 'en') =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ ...row, language })
          .execute();
        if (row.role === 'doctor') await indexDoctorWords(trx, row);
      }),
    setLanguage: (id: string, language: Language, now: string) => db.updateTable('users').set({ language, updated_at: now }).where('id', '=', id).execute(),
    update: (id: string, changes: Partial<UsersTable>) =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set(changes).where('id', '=', id).execute();
        await reindexDoctorWordsIfNeeded(trx, id, changes);
      }),

    insertSession: (session: { jti: string; user_id: string; created_at: string; expires_at: string; user_agent: string; ip: string }) =>
      db.insertInto('sessions').values(session).execute(),
    deleteSession: (jti: string) => db.deleteFrom('sessions').where('jti', '=', jti).execute(),
    deleteExpiredSessions: (userId: string, now: string) => db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<', now).execute(),

    getAttempts: (key: string) => db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst(),
    /** Counts one more attempt for `key` and returns the new count, in one statement. */
    async recordFailure(key: string, now: string, windowStartedBefore: string): Promise<number> {
      // One statement per key, so concurrent failures on several instances all count, each seeing its own number.
      const row = await db
        .insertInto('login_attempts')
        .values({ key, window_start: now, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when login_attempts.window_start < ${windowStartedBefore} then 1 else login_attempts.count + 1 end`,
            window_start: sql<string>`case when login_attempts.window_start < ${windowStartedBefore} then ${now} else login_attempts.window_start end`,
          }),
        )
        .returning('count')
        .executeTakeFirst();
      return Number(row?.count ?? 1);
    },
    /** Takes back one counted attempt: a login counted up front that turned out right. */
    forgiveAttempt: (key: string) =>
      db
        .updateTable('login_attempts')
        .set({ count: sql<number>`count - 1` })
        .where('key', '=', key)
        .where('count', '>', 0)
        .execute(),
    /** When the current window of a key's failures began, if it has one. */
    attemptsSince: async (key: string): Promise<string | undefined> =>
      (await db.selectFrom('login_attempts').select('window_start').where('key', '=', key).executeTakeFirst())?.window_start,
    clearAttempts: (key: string) => db.deleteFrom('login_attempts').where('key', '=', key).execute(),
  };
}
export type AccountsRepository = ReturnType<typeof accountsRepository>;
