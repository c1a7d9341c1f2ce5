import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { requireApproved, type Viewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { notificationsRepository } from '../notifications/repository.js';
import { deliverNotifications, recordNotifications } from '../notifications/service.js';
import { toChatDto, toMessageDto, type MessageDto } from './dto.js';
import { chatRepository, type ChatMembers, type MessageCursor } from './repository.js';

/** The longest message accepted, in characters. */
export const MAX_MESSAGE_LENGTH = 2000;

/** How many users one query about contacts names. */
const CONTACT_SLICE = 500;

/** Where a chat notification leads: the conversation itself, also its key for "one unread per conversation". */
export const chatLink = (chatId: string) => `/chat?chat=${chatId}`;

/** Whether the person has the conversation open right now (a socket of hers in its room, on any instance). */
export type IsViewing = (chatId: string, userId: string) => Promise<boolean>;

/** Rules of the conversation: who may see and write which chat, and what a message may be. */
export function chatService(app: App) {
  const repo = chatRepository(app.db);
  const images = app.images;

  /** The chat, if the viewer is one of its two members; every client-supplied chat id goes through here. */
  async function memberChat(viewer: Viewer, chatId: unknown): Promise<ChatMembers> {
    // A professional's account talks with patients only while approved (the rule of every action of theirs).
    requireApproved(viewer);
    if (!isId(chatId)) throw badRequest('Please choose a conversation');
    const chat = await repo.findMembers(chatId);
    if (!chat) throw notFound('This conversation does not exist');
    if (chat.sender_id !== viewer.id && chat.receiver_id !== viewer.id) throw forbidden('You are not part of this conversation');
    return chat;
  }

  /** One page of history: the newest messages, or those before the message `before` names. */
  async function pageOf(chatId: string, before?: unknown): Promise<{ messages: MessageDto[]; hasMore: boolean }> {
    let cursor: MessageCursor | undefined;
    if (before !== undefined && before !== null) {
      cursor = isId(before) ? await repo.cursorOf(chatId, before) : undefined;
      if (!cursor) throw badRequest('Older messages can only be loaded from a message of this conversation');
    }
    const { rows, hasMore } = await repo.messages(chatId, cursor);
    return { messages: rows.map((row) => toMessageDto(row, images)), hasMore };
  }

  return {
    memberChat,

    /** The newest page of a chat whose readers were checked already (they are in its room), without marking it read. */
    latestPage: (chatId: string) => pageOf(chatId),

    /**
     * For each user, the people she shares a conversation with: whose online state she may know.
     * Asked in slices, so a long list of users stays within every database's parameter limit.
     */
    async contactsOf(userIds: string[]): Promise<Map<string, Set<string>>> {
      const contacts = new Map<string, Set<string>>(userIds.map((id) => [id, new Set<string>()]));
      for (let i = 0; i < userIds.length; i += CONTACT_SLICE) {
        for (const { sender_id, receiver_id } of await repo.membersOfChatsWith(userIds.slice(i, i + CONTACT_SLICE))) {
          contacts.get(sender_id)?.add(receiver_id);
          contacts.get(receiver_id)?.add(sender_id);
        }
      }
      return contacts;
    },

    /** GET chat: `sender` is true for patients (they open chats), false for doctors. */
    async list(viewer: Viewer) {
      const rows = await repo.listForUser(viewer.id);
      return { sender: viewer.role === 'patient', chats: rows.map((row) => toChatDto(row, images)) };
    },

    /**
     * A page of the chat's messages for a member, oldest first: the newest page without `before`,
     * else the page before that message. Reading the newest page marks it read.
     */
    async read(viewer: Viewer, chatId: unknown, before?: unknown) {
      const chat = await memberChat(viewer, chatId);
      const page = await pageOf(chat.id, before);
      if (before === undefined || before === null) {
        await markSeen(viewer, chat.id, page.messages);
        await seenInBell(viewer.id, chat.id);
      }
      return { chat, ...page };
    },

    async markRead(viewer: Viewer, chatId: unknown) {
      const chat = await memberChat(viewer, chatId);
      const newest = await repo.newestAt(chat.id);
      if (newest) await repo.markRead(chat.id, viewer.id, newest);
      await seenInBell(viewer.id, chat.id);
    },

    /**
     * Stores the message first; the caller broadcasts the stored message it gets back (never the
     * whole history). When the receiver does not have the conversation open, she gets a notification
     * in the same transaction, unless one for this conversation is still unread (a busy chat tells
     * her once, not per message).
     */
    async send(viewer: Viewer, chatId: unknown, content: unknown, isViewing?: IsViewing) {
      const chat = await memberChat(viewer, chatId);
      const text = typeof content === 'string' ? content.trim() : '';
      if (!text) throw badRequest('Please write a message');
      if (text.length > MAX_MESSAGE_LENGTH) throw badRequest(`A message can be at most ${MAX_MESSAGE_LENGTH} characters long`);
      const now = nowIso();
      const receiverId = chat.sender_id === viewer.id ? chat.receiver_id : chat.sender_id;
      // Asked before the transaction: with Redis it is a network call.
      const receiverAway = isViewing ? !(await isViewing(chat.id, receiverId).catch(() => false)) : false;
      const { id, extra: told } = await repo.addMessage(chat.id, viewer.id, text, now, async (trx) => {
        if (!receiverAway || (await notificationsRepository(trx).hasUnread(receiverId, 'chat_message', chatLink(chat.id)))) return [];
        return recordNotifications(
          trx,
          [
            {
              userId: receiverId,
              event: 'chat_message',
              title: `New message from ${viewer.name}`,
              body: 'Open the conversation to read it.',
              link: chatLink(chat.id),
              message: { key: 'chat_message', sender: viewer.name },
            },
          ],
          now,
        );
      });
      if (told?.length) void deliverNotifications(app, told);
      return { chat, message: toMessageDto(await repo.message(id), images), content: text, at: now };
    },
  };

  /** Opening the conversation answers its bell entry, so the next message after she leaves tells her again. */
  async function seenInBell(userId: string, chatId: string) {
    await notificationsRepository(app.db).markReadByLink(userId, 'chat_message', chatLink(chatId), nowIso());
  }

  /** Marks read up to the newest message the viewer was shown (not "now", so a message stored meanwhile stays unread). */
  async function markSeen(viewer: Viewer, chatId: string, messages: MessageDto[]) {
    const newest = messages[messages.length - 1];
    if (newest) await repo.markRead(chatId, viewer.id, newest.created_at);
  }
}

export type ChatService = ReturnType<typeof chatService>;
