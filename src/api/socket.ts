import type { Socket } from 'socket.io-client';
import type { NotificationItem } from '../../shared/notification';
import { currentLanguage } from '../i18n';

/**
 * The one socket.io connection of the SPA. This module is only ever imported dynamically, so
 * socket.io-client is fetched when a signed-in user needs the chat, never for the home page.
 * It knows nothing of Redux: whoever starts it passes the callbacks that store what arrives.
 */

export interface ChatMessage {
  _id?: string;
  sender: { _id: string; name?: string; image?: string };
  content: string;
  created_at: string;
}

/** A conversation moved: a message was written in it (sent to both members, wherever they are). */
export interface ChatUpdate {
  chatId: string;
  lastMessage: string;
  updated_at: string;
  from: string;
}

/**
 * What a `chat` list is: the newest page of a conversation, an older page asked for with `loadOlder`,
 * or messages just written (added to the list). `hasMore` says older messages exist before the page.
 */
export interface ChatListMeta {
  kind: 'latest' | 'older' | 'new';
  hasMore?: boolean;
}

export interface ChatEvents {
  /** A new notification for the signed-in person, pushed to her tabs the moment it is stored (see the bell). */
  notification?(notification: NotificationItem): void;
  /** Messages, oldest first; `chatId` names the chat when the server sends it; without `meta` the list is a newest page. */
  messages(list: ChatMessage[], chatId: string | undefined, meta?: ChatListMeta): void;
  onlineList(list: Record<string, boolean>): void;
  chatUpdated(update: ChatUpdate): void;
  error(message: string): void;
  connection(connected: boolean): void;
}

export interface ChatSocketService {
  /** Connects once for this token and goes online; every reconnect goes online again and re-requests the open chat. */
  start(token: string, events: ChatEvents): Promise<void>;
  /** The conversation on screen (null for none): joins its room and asks for its messages. */
  open(chatId: string | null): void;
  send(chatId: string, content: string): void;
  /** Asks for the page of the open chat's history before the message `before` (its `_id`). */
  loadOlder(chatId: string, before: string): void;
  markRead(chatId: string): void;
  /** Goes offline and closes the connection (logout). */
  stop(): void;
}

let socket: Socket | null = null;
let token: string | null = null;
let openChatId: string | null = null;
let events: ChatEvents | null = null;
let starting: Promise<void> | null = null;

function goOffline() {
  if (socket?.connected && token) socket.emit('goOffline', token);
}

function requestOpenChat() {
  if (!socket?.connected || !openChatId) return;
  socket.emit('joinChat', openChatId);
  socket.emit('getMessages', openChatId);
}

async function connect(newToken: string) {
  const { io } = await import('socket.io-client');
  if (token !== newToken) return;
  // Same origin and default path: the token travels in the events. The handshake carries the
  // language shown, read again at every reconnect, so the server's refusals come in that language.
  const s = io({ auth: (send) => send({ language: currentLanguage() }) });
  socket = s;
  s.on('connect', () => {
    events?.connection(true);
    s.emit('goOnline', newToken);
    s.emit('getOnlineList');
    // After a dropped connection the list is fetched again, so nothing sent meanwhile is missing.
    requestOpenChat();
  });
  s.on('disconnect', (reason) => {
    events?.connection(false);
    // The client reconnects by itself after a network drop, but not when the server ended the
    // connection (a restart or a deploy): then it tries again itself, after a short random pause.
    if (reason === 'io server disconnect') setTimeout(() => socket === s && s.connect(), 500 + Math.random() * 1500);
  });
  s.on('chat', (list: unknown, chatId: unknown, meta: unknown) => {
    if (Array.isArray(list)) events?.messages(list as ChatMessage[], typeof chatId === 'string' ? chatId : undefined, listMeta(meta));
  });
  s.on('onlineList', (list: unknown) => {
    if (list && typeof list === 'object') events?.onlineList(list as Record<string, boolean>);
  });
  s.on('chatUpdated', (update: ChatUpdate) => events?.chatUpdated(update));
  s.on('notification', (notification: unknown) => {
    if (notification && typeof notification === 'object' && '_id' in notification) events?.notification?.(notification as NotificationItem);
  });
  s.on('ErrorMessage', (error: unknown) => {
    const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error);
    events?.error(message);
  });
}

function listMeta(meta: unknown): ChatListMeta {
  if (!meta || typeof meta !== 'object') return { kind: 'latest', hasMore: false };
  const { kind, hasMore } = meta as { kind?: unknown; hasMore?: unknown };
  return { kind: kind === 'older' || kind === 'new' ? kind : 'latest', hasMore: hasMore === true };
}

/** On page unload the user goes offline (the server also notices the closed connection). */
if (typeof window !== 'undefined') window.addEventListener('pagehide', goOffline);

export const chatSocket: ChatSocketService = {
  async start(newToken, newEvents) {
    events = newEvents;
    if (token === newToken && socket) return;
    if (token === newToken && starting) return starting;
    if (socket) chatSocket.stop();
    token = newToken;
    events = newEvents;
    starting = connect(newToken).finally(() => {
      starting = null;
    });
    return starting;
  },
  open(chatId) {
    // Closing the conversation leaves its room, so the server notifies of new messages again.
    if (openChatId && !chatId && socket?.connected) socket.emit('leaveChat');
    openChatId = chatId;
    requestOpenChat();
  },
  send(chatId, content) {
    if (!socket || !token) return;
    socket.emit('sendMessage', { chatId, content, sender: token });
  },
  loadOlder(chatId, before) {
    if (socket?.connected) socket.emit('getMessages', { chatId, before });
  },
  markRead(chatId) {
    // Only on a live connection: a buffered one would reach the server before goOnline identifies the socket.
    if (socket?.connected) socket.emit('markRead', chatId);
  },
  stop() {
    goOffline();
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
    token = null;
    openChatId = null;
    events = null;
  },
};
