import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/** How many messages one page of a conversation's history carries. */
export const MESSAGE_PAGE_SIZE = 50;

/** Where a page of older messages ends: strictly before this message (by time, then id). */
export interface MessageCursor {
  created_at: string;
  id: string;
}

export interface ChatMembers {
  id: string;
  sender_id: string;
  receiver_id: string;
}

/** Conversations, their messages and read markers; queries only (shared by HTTP routes and socket handlers). */
export function chatRepository(db: DB) {
  return {
    /** Every conversation the user is part of, newest activity first, with the count of the other party's unread messages. */
    listForUser: (userId: string) =>
      db
        .selectFrom('chats as c')
        .innerJoin('users as s', 's.id', 'c.sender_id')
        .innerJoin('users as r', 'r.id', 'c.receiver_id')
        .leftJoin('chat_reads as cr', (join) => join.onRef('cr.chat_id', '=', 'c.id').on('cr.user_id', '=', userId))
        .select((eb) => [
          'c.id',
          'c.last_message',
          'c.created_at',
          'c.updated_at',
          's.id as sender_id',
          's.name as sender_name',
          's.image as sender_image',
          'r.id as receiver_id',
          'r.name as receiver_name',
          'r.image as receiver_image',
          eb
            .selectFrom('messages as m')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('m.chat_id', '=', 'c.id')
            .where('m.sender_id', '!=', userId)
            .where('m.created_at', '>', sql<string>`coalesce(${sql.ref('cr.read_at')}, '')`)
            .as('unread'),
        ])
        .where((eb) => eb.or([eb('c.sender_id', '=', userId), eb('c.receiver_id', '=', userId)]))
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id')
        .execute(),

    /** The two members of every conversation any of these users is part of (the online list tells each only of these). */
    membersOfChatsWith: (userIds: string[]) =>
      db
        .selectFrom('chats')
        .select(['sender_id', 'receiver_id'])
        .where((eb) => eb.or([eb('sender_id', 'in', userIds), eb('receiver_id', 'in', userIds)]))
        .execute(),

    findMembers: (chatId: string): Promise<ChatMembers | undefined> =>
      db.selectFrom('chats').select(['id', 'sender_id', 'receiver_id']).where('id', '=', chatId).executeTakeFirst(),

    /**
     * One page of a chat's history: the newest messages before `before` (or the newest of all),
     * returned oldest first, with each sender's name and picture; `hasMore` says older ones exist.
     */
    async messages(chatId: string, before?: MessageCursor) {
      let query = db
        .selectFrom('messages as m')
        .innerJoin('users as u', 'u.id', 'm.sender_id')
        .select(['m.id', 'm.content', 'm.created_at', 'u.id as sender_id', 'u.name as sender_name', 'u.image as sender_image'])
        .where('m.chat_id', '=', chatId);
      if (before) {
        query = query.where((eb) =>
          eb.or([eb('m.created_at', '<', before.created_at), eb.and([eb('m.created_at', '=', before.created_at), eb('m.id', '<', before.id)])]),
        );
      }
      // One row more than a page tells whether older messages remain.
      const rows = await query
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(MESSAGE_PAGE_SIZE + 1)
        .execute();
      const hasMore = rows.length > MESSAGE_PAGE_SIZE;
      return { rows: rows.slice(0, MESSAGE_PAGE_SIZE).reverse(), hasMore };
    },

    /** The position of one message of this chat, to page before it; undefined when it is not in the chat. */
    cursorOf: (chatId: string, messageId: string): Promise<MessageCursor | undefined> =>
      db.selectFrom('messages').select(['created_at', 'id']).where('chat_id', '=', chatId).where('id', '=', messageId).executeTakeFirst(),

    /** One message with its sender, as the room receives it after a send. */
    async message(messageId: string) {
      return db
        .selectFrom('messages as m')
        .innerJoin('users as u', 'u.id', 'm.sender_id')
        .select(['m.id', 'm.content', 'm.created_at', 'u.id as sender_id', 'u.name as sender_name', 'u.image as sender_image'])
        .where('m.id', '=', messageId)
        .executeTakeFirstOrThrow();
    },

    /** Stores a message and moves the chat's last message and activity time with it, in one transaction. */
    /** Stores a message; `alongside` writes what must commit with it (the receiver's notification). */
    async addMessage<T>(
      chatId: string,
      senderId: string,
      content: string,
      now: string,
      alongside?: (trx: Kysely<Database>) => Promise<T>,
    ): Promise<{ id: string; extra: T | undefined }> {
      const id = newId();
      const extra = await db.transaction().execute(async (trx) => {
        await trx.insertInto('messages').values({ id, chat_id: chatId, sender_id: senderId, content, created_at: now }).execute();
        await trx.updateTable('chats').set({ last_message: content, updated_at: now }).where('id', '=', chatId).execute();
        // The writer has read everything up to their own message.
        await trx
          .insertInto('chat_reads')
          .values({ chat_id: chatId, user_id: senderId, read_at: now })
          .onConflict((oc) => oc.columns(['chat_id', 'user_id']).doUpdateSet({ read_at: now }))
          .execute();
        return alongside ? alongside(trx) : undefined;
      });
      return { id, extra };
    },

    /** When the chat's newest message was written, or undefined for an empty chat. */
    async newestAt(chatId: string): Promise<string | undefined> {
      const row = await db.selectFrom('messages').select('created_at').where('chat_id', '=', chatId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
      return row?.created_at;
    },

    markRead: (chatId: string, userId: string, now: string) =>
      db
        .insertInto('chat_reads')
        .values({ chat_id: chatId, user_id: userId, read_at: now })
        .onConflict((oc) => oc.columns(['chat_id', 'user_id']).doUpdateSet({ read_at: now }))
        .execute(),
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
