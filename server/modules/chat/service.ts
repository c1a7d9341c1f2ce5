import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import type { Viewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { toChatDto, toMessageDto, type MessageDto } from './dto.js';
import { chatRepository, type ChatMembers } from './repository.js';

/** The longest message accepted, in characters. */
export const MAX_MESSAGE_LENGTH = 2000;

/** Rules of the conversation: who may see and write which chat, and what a message may be. */
export function chatService(app: App) {
  const repo = chatRepository(app.db);
  const images = app.images;

  /** The chat, if the viewer is one of its two members; every client-supplied chat id goes through here. */
  async function memberChat(viewer: Viewer, chatId: unknown): Promise<ChatMembers> {
    if (!isId(chatId)) throw badRequest('Please choose a conversation');
    const chat = await repo.findMembers(chatId);
    if (!chat) throw notFound('This conversation does not exist');
    if (chat.sender_id !== viewer.id && chat.receiver_id !== viewer.id) throw forbidden('You are not part of this conversation');
    return chat;
  }

  async function messagesOf(chatId: string): Promise<MessageDto[]> {
    return (await repo.messages(chatId)).map((row) => toMessageDto(row, images));
  }

  return {
    memberChat,
    messagesOf,

    /** GET chat: `sender` is true for patients (they open chats), false for doctors. */
    async list(viewer: Viewer) {
      const rows = await repo.listForUser(viewer.id);
      return { sender: viewer.role === 'patient', chats: rows.map((row) => toChatDto(row, images)) };
    },

    /** The chat's messages for a member; reading them marks them read. */
    async read(viewer: Viewer, chatId: unknown) {
      const chat = await memberChat(viewer, chatId);
      const messages = await messagesOf(chat.id);
      await markSeen(viewer, chat.id, messages);
      return { chat, messages };
    },

    async markRead(viewer: Viewer, chatId: unknown) {
      const chat = await memberChat(viewer, chatId);
      const newest = await repo.newestAt(chat.id);
      if (newest) await repo.markRead(chat.id, viewer.id, newest);
    },

    /** Stores the message first; the caller broadcasts the list it gets back. */
    async send(viewer: Viewer, chatId: unknown, content: unknown) {
      const chat = await memberChat(viewer, chatId);
      const text = typeof content === 'string' ? content.trim() : '';
      if (!text) throw badRequest('Please write a message');
      if (text.length > MAX_MESSAGE_LENGTH) throw badRequest(`A message can be at most ${MAX_MESSAGE_LENGTH} characters long`);
      const now = nowIso();
      await repo.addMessage(chat.id, viewer.id, text, now);
      return { chat, messages: await messagesOf(chat.id), content: text, at: now };
    },
  };

  /** Marks read up to the newest message the viewer was shown (not "now", so a message stored meanwhile stays unread). */
  async function markSeen(viewer: Viewer, chatId: string, messages: MessageDto[]) {
    const newest = messages[messages.length - 1];
    if (newest) await repo.markRead(chatId, viewer.id, newest.created_at);
  }
}

export type ChatService = ReturnType<typeof chatService>;
