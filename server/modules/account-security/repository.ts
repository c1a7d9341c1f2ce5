import type { DB } from '../../db/index.js';
import type { AccountTokenPurpose, AccountTokensTable } from '../../db/schema.js';

export function accountSecurityRepository(db: DB) {
  return {
    /** The account's security row; absent for accounts made before verification existed. */
    find: (userId: string) => db.selectFrom('account_security').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    async setVerified(userId: string, now: string, executor: DB = db) {
      await executor
        .insertInto('account_security')
        .values({ user_id: userId, email_verified: 1, mfa_secret: null, mfa_pending_secret: null, mfa_last_step: null, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ email_verified: 1, updated_at: now }))
        .execute();
    },

    insertUnverified: (userId: string, now: string) =>
      db
        .insertInto('account_security')
        .values({ user_id: userId, email_verified: 0, mfa_secret: null, mfa_pending_secret: null, mfa_last_step: null, updated_at: now })
        .execute(),

    insertToken: (row: AccountTokensTable) => db.insertInto('account_tokens').values(row).execute(),

    /** The newest unexpired, unused token of a purpose (to pace resends). */
    latestToken: (userId: string, purpose: AccountTokenPurpose) =>
      db
        .selectFrom('account_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),

    findToken: (id: string, purpose: AccountTokenPurpose, executor: DB = db) =>
      executor.selectFrom('account_tokens').selectAll().where('id', '=', id).where('purpose', '=', purpose).executeTakeFirst(),

    /** Marks a token used; false when another request used it first (single use under concurrency). */
    async useToken(id: string, now: string, executor: DB = db): Promise<boolean> {
      const result = await executor.updateTable('account_tokens').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Counts an answer sent for a usable token, in the one statement that finds it (parallel answers
     * each get their own number); its account and the count, or undefined when unknown, used or expired.
     */
    countAnswer: (id: string, purpose: AccountTokenPurpose, now: string) =>
      db
        .updateTable('account_tokens')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['attempts', 'user_id'])
        .executeTakeFirst(),

    /** Uses a token if no answer came after the `attempts`-th; false when one did, or it was used. */
    async useTokenIfUnanswered(id: string, attempts: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('attempts', '=', attempts)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Voids the account's other unused tokens of a purpose (a new reset link replaces the old). */
    voidTokens: (userId: string, purpose: AccountTokenPurpose, now: string, executor: DB = db) =>
      executor
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute(),

    /** Removes tokens that can no longer be used, so the table does not grow forever. */
    deleteStaleTokens: (userId: string, before: string) =>
      db.deleteFrom('account_tokens').where('user_id', '=', userId).where('expires_at', '<', before).execute(),

    listSessions: (userId: string, now: string) =>
      db
        .selectFrom('sessions')
        .select(['jti', 'created_at', 'expires_at', 'user_agent', 'ip'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .execute(),

    /** Deletes the user's sessions except `keepJti` (none kept when absent); returns the ended ones. */
    async endSessions(userId: string, keepJti: string | null, executor: DB = db): Promise<string[]> {
      let q = executor.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepJti) q = q.where('jti', '!=', keepJti);
      const rows = await q.returning('jti').execute();
      return rows.map((r) => r.jti);
    },

    endSession: async (userId: string, jti: string) =>
      Number((await db.deleteFrom('sessions').where('user_id', '=', userId).where('jti', '=', jti).executeTakeFirst()).numDeletedRows) === 1,
  };
}
export type AccountSecurityRepository = ReturnType<typeof accountSecurityRepository>;
