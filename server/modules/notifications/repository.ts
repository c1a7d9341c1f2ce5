import type { Kysely } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.js';

/** Queries only. `db` may be a transaction, so a notification commits with the change it reports. */
export function notificationsRepository(db: Kysely<Database>) {
  return {
    insert: (rows: NotificationsTable[]) => db.insertInto('notifications').values(rows).execute(),

    latest: (userId: string, limit: number) =>
      db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),

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

    /** Whether the person still has an unread notification of this event pointing at this link. */
    async hasUnread(userId: string, event: string, link: string): Promise<boolean> {
      const row = await db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', userId)
        .where('event', '=', event)
        .where('read_at', 'is', null)
        .where('link', '=', link)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Marks read what a person has just seen elsewhere (the chat she opened). */
    markReadByLink: (userId: string, event: string, link: string, now: string) =>
      db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('event', '=', event)
        .where('link', '=', link)
        .where('read_at', 'is', null)
        .executeTakeFirst(),

    preferences: (userId: string) => db.selectFrom('notification_preferences').select(['event', 'email']).where('user_id', '=', userId).execute(),

    savePreference: (userId: string, event: string, email: 0 | 1, now: string) =>
      db
        .insertInto('notification_preferences')
        .values({ user_id: userId, event, email, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'event']).doUpdateSet({ email, updated_at: now }))
        .execute(),

    /** The address, name and email choices of the people about to be told, for the emails after a commit. */
    recipients: (userIds: string[]) =>
      db
        .selectFrom('users as u')
        .leftJoin('account_security as s', 's.user_id', 'u.id')
        .select(['u.id', 'u.email', 'u.name', 'u.status', 'u.language', 's.email_verified'])
        .where('u.id', 'in', userIds)
        .execute(),

    /** The language she reads the portal in. */
    async languageOf(userId: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
      return row?.language;
    },

    preferencesOf: (userIds: string[]) =>
      db.selectFrom('notification_preferences').select(['user_id', 'event', 'email']).where('user_id', 'in', userIds).execute(),
  };
}
