import type { Kysely } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.js';

/** Queries only. `db` may be a transaction, so a notification commits with the change it reports. */
export function notificationsRepository(db: Kysely<Database>) {
  return {
    insert: (rows: NotificationsTable[]) => db.insertInto('notifications').values(rows).execute(),

    latest: (userId: string, limit: number) =>
      db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    async unreadCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Marks the given notifications of this user read (all of hers when `ids` is undefined). */
    markRead: (userId: string, ids: string[] | undefined, now: string) => {
      let query = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
      if (ids) query = query.where('id', 'in', ids);
      return query.executeTakeFirst();
    },
  };
}
