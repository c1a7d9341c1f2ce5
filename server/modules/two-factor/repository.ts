import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import type { SecretBox } from '../../lib/secret-box.js';

/** Two-factor state; the secrets are stored sealed (see lib/secret-box) and handed out plain. */
export function twoFactorRepository(db: DB, box: SecretBox) {
  return {
    async find(userId: string) {
      const row = await db.selectFrom('account_security').selectAll().where('user_id', '=', userId).executeTakeFirst();
      if (!row) return row;
      // Secrets stored before encryption existed are sealed the first time they are read.
      for (const column of ['mfa_secret', 'mfa_pending_secret'] as const) {
        const stored = row[column];
        if (stored && !box.isSealed(stored)) {
          await db
            .updateTable('account_security')
            .set({ [column]: box.seal(stored) })
            .where('user_id', '=', userId)
            .where(column, '=', stored)
            .execute();
        }
      }
      return { ...row, mfa_secret: row.mfa_secret && box.open(row.mfa_secret), mfa_pending_secret: row.mfa_pending_secret && box.open(row.mfa_pending_secret) };
    },

    /** Keeps a secret shown in settings until a code confirms it. Accounts without a row predate verification: verified. */
    setPending(userId: string, plainSecret: string, now: string) {
      const secret = box.seal(plainSecret);
      return db
        .insertInto('account_security')
        .values({ user_id: userId, email_verified: 1, mfa_secret: null, mfa_pending_secret: secret, mfa_last_step: null, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ mfa_pending_secret: secret, updated_at: now }))
        .execute();
    },

    /** Turns two-factor on with the confirmed secret and a fresh set of recovery codes, in one transaction. */
    enable: (userId: string, secret: string, step: number, codeHashes: string[], now: string) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('account_security')
          .set({ mfa_secret: box.seal(secret), mfa_pending_secret: null, mfa_last_step: step, updated_at: now })
          .where('user_id', '=', userId)
          .execute();
        await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('mfa_recovery_codes')
          .values(codeHashes.map((code_hash) => ({ code_hash, user_id: userId, created_at: now, used_at: null })))
          .execute();
      }),

    disable: (userId: string, now: string) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('account_security')
          .set({ mfa_secret: null, mfa_pending_secret: null, mfa_last_step: null, updated_at: now })
          .where('user_id', '=', userId)
          .execute();
        await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
      }),

    replaceCodes: (userId: string, codeHashes: string[], now: string) =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('mfa_recovery_codes')
          .values(codeHashes.map((code_hash) => ({ code_hash, user_id: userId, created_at: now, used_at: null })))
          .execute();
      }),

    /** Accepts a TOTP time step once: false when this or a later step was already used. */
    async advanceStep(userId: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('account_security')
        .set({ mfa_last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('mfa_last_step', 'is', null), eb('mfa_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Uses a recovery code once; false when unknown or already used. */
    async useCode(userId: string, codeHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('mfa_recovery_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Takes one try of the account's code step before its code is compared, in one conditional
     * update: parallel tries on any number of instances each get their own number, and none is
     * taken while the step is locked or once `limit` tries are counted in the window that began
     * after `windowStart`. Returns the try's number (counting the earlier ones in the window), or null.
     */
    async takeTry(userId: string, limit: number, now: string, windowStart: string): Promise<number | null> {
      const stale = sql<boolean>`(mfa_failures_since is null or mfa_failures_since < ${windowStart})`;
      const row = await db
        .updateTable('account_security')
        .set({
          mfa_failures: sql<number>`case when ${stale} then 1 else mfa_failures + 1 end`,
          mfa_failures_since: sql<string>`case when ${stale} then ${now} else mfa_failures_since end`,
        })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('mfa_locked_until', 'is', null), eb('mfa_locked_until', '<=', now)]))
        .where((eb) => eb.or([eb('mfa_failures_since', 'is', null), eb('mfa_failures_since', '<', windowStart), eb('mfa_failures', '<', limit)]))
        .returning('mfa_failures')
        .executeTakeFirst();
      return row ? Number(row.mfa_failures) : null;
    },

    /** A right code gives its try back: what stays counted are the wrong ones. */
    giveTryBack: (userId: string) =>
      db
        .updateTable('account_security')
        .set({ mfa_failures: sql<number>`mfa_failures - 1` })
        .where('user_id', '=', userId)
        .where('mfa_failures', '>', 0)
        .execute(),

    /**
     * Locks the code step until `until` when `limit` tries of the window are counted and it is not
     * locked yet; true only for the one request that locked it (which tells the owner).
     */
    async lock(userId: string, limit: number, now: string, windowStart: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable('account_security')
        .set({ mfa_locked_until: until })
        .where('user_id', '=', userId)
        .where('mfa_failures', '>=', limit)
        .where('mfa_failures_since', '>=', windowStart)
        .where((eb) => eb.or([eb('mfa_locked_until', 'is', null), eb('mfa_locked_until', '<=', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whether an unused recovery code has this hash (nothing is used up). */
    hasCode: async (userId: string, codeHash: string): Promise<boolean> =>
      Boolean(
        await db
          .selectFrom('mfa_recovery_codes')
          .select('code_hash')
          .where('user_id', '=', userId)
          .where('code_hash', '=', codeHash)
          .where('used_at', 'is', null)
          .executeTakeFirst(),
      ),

    async codesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom('mfa_recovery_codes')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
