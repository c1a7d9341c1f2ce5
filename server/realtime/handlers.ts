import type { Server, Socket } from 'socket.io';
import { chatService } from '../modules/chat/service.js';
import { HttpError, forbidden, tooMany, unauthorized } from '../lib/errors.js';
import { mustSetUpTwoFactor, requireVerifiedEmail, twoFactorSetupMessage, viewerFromToken, type Viewer } from '../plugins/auth.js';
import { durableOr503 } from '../plugins/durable-answers.js';
import { refuse } from './refuse.js';
import { sessionRoom } from './session-rooms.js';
import type { App } from '../types.js';
import type { Presence } from './presence.js';
import type { RateLimiter } from './rate.js';

/** What the server remembers about one socket. */
interface SocketData {
  /** The token the socket identified with (handshake `auth.token` or `goOnline`). */
  token?: string;
  /** The user of that token. */
  userId?: string;
  /** The session of that token: ending it disconnects this socket (see session-rooms). */
  jti?: string;
  /** The user whose presence this socket holds, once it went online. */
  onlineAs?: string;
  /** The chat room this socket views; it receives no other chat's list. */
  chatId?: string;
  /** Events of one socket run one after another, in the order they arrived. */
  queue: Promise<void>;
  /** Events in the current window, against floods from one connection. */
  events: { start: number; count: number };
}

/**
 * What a `chat` event's list is: the newest page of history, an older page (asked for with `before`),
 * or messages just written (to add to the list). `hasMore` says older messages exist before the page.
 */
export interface ChatListMeta {
  kind: 'latest' | 'older' | 'new';
  hasMore?: boolean;
}

export const chatRoom = (chatId: string) => `chat:${chatId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** Signed-in sockets: the online list goes to these only. */
export const MEMBERS_ROOM = 'members';

const EVENTS_PER_WINDOW = 120;
const ONLINE_LIST_WINDOW_MS = 50;
const EVENT_WINDOW_MS = 10_000;

const tokenOf = (value: unknown) => (typeof value === 'string' && value && value !== 'null' && value !== 'undefined' ? value : undefined);

/** The chat events: every one that names a chat checks that the socket's user belongs to it. */
export function registerChatHandlers(app: App, io: Server, presence: Presence, messageRate: RateLimiter) {
  const service = chatService(app);
  /** Presence removals still running, so closing waits for them before Redis disconnects. */
  const leaving = new Set<Promise<void>>();

  /**
   * Every change is followed by a broadcast of the current list; changes within one short window
   * share a broadcast, so hundreds of sockets coming back after a restart cause a few broadcasts, not hundreds.
   */
  let pending: Promise<void> | null = null;
  const broadcastOnlineList = (): Promise<void> => {
    pending ??= new Promise<void>((resolve) => setTimeout(resolve, ONLINE_LIST_WINDOW_MS))
      .then(async () => {
        pending = null;
        io.to(MEMBERS_ROOM).emit('onlineList', await presence.list());
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'online list broadcast failed'));
    return pending;
  };

  /** The user behind a token (the event's own, else the socket's); the session is checked every time, so a logout takes effect at once. */
  async function identify(socket: Socket, token?: string): Promise<Viewer> {
    const data = socket.data as SocketData;
    const viewer = await viewerFromToken(app, token ?? data.token ?? null);
    if (!viewer) throw unauthorized('Please log in again to use the chat');
    if (mustSetUpTwoFactor(app, viewer)) throw forbidden(twoFactorSetupMessage);
    return viewer;
  }

  /** Joins the signed-in rooms; a socket that changes user leaves the previous user's presence. */
  async function bind(socket: Socket, viewer: Viewer) {
    const data = socket.data as SocketData;
    data.token = viewer.token;
    if (data.userId && data.userId !== viewer.id) socket.leave(userRoom(data.userId));
    data.userId = viewer.id;
    if (data.jti && data.jti !== viewer.jti) socket.leave(sessionRoom(data.jti));
    data.jti = viewer.jti;
    socket.join(sessionRoom(viewer.jti));
    if (data.onlineAs && data.onlineAs !== viewer.id) {
      const previous = data.onlineAs;
      socket.leave(userRoom(previous));
      data.onlineAs = undefined;
      if (await presence.remove(previous, socket.id)) void broadcastOnlineList();
    }
    socket.join([MEMBERS_ROOM, userRoom(viewer.id)]);
  }

  function viewChat(socket: Socket, chatId: string) {
    const data = socket.data as SocketData;
    for (const room of socket.rooms) if (room.startsWith('chat:') && room !== chatRoom(chatId)) socket.leave(room);
    socket.join(chatRoom(chatId));
    data.chatId = chatId;
  }

  /** Whether a socket of this user (on any instance) is in the chat's room, i.e. has it open; asked with a time limit. */
  const isViewing = async (chatId: string, userId: string): Promise<boolean> => {
    const sockets = await io.in(chatRoom(chatId)).timeout(2000).fetchSockets();
    return sockets.some((s) => (s.data as SocketData).userId === userId);
  };

  io.on('connection', (socket) => {
    const data = socket.data as SocketData;
    data.queue = Promise.resolve();
    data.events = { start: Date.now(), count: 0 };
    if (data.userId) socket.join([MEMBERS_ROOM, userRoom(data.userId)]);
    if (data.jti) socket.join(sessionRoom(data.jti));

    const on = (event: string, handler: (...args: unknown[]) => Promise<void>) => {
      socket.on(event, (...args: unknown[]) => {
        const now = Date.now();
        if (now - data.events.start >= EVENT_WINDOW_MS) data.events = { start: now, count: 0 };
        if (++data.events.count > EVENTS_PER_WINDOW) {
          refuse(socket, 'Too many requests; please wait a moment');
          return;
        }
        // A client that asks for an acknowledgement gets `{ ok: true }` or `{ message }` once the event was handled.
        const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: unknown) => void) : undefined;
        data.queue = data.queue
          .then(() => handler(...args))
          // An acknowledgement confirms what the event wrote: it waits until that is on disk.
          .then(() => durableOr503(app.durability))
          .then(
            () => ack?.({ ok: true }),
            (error: unknown) => {
              let message = 'Something went wrong; please try again';
              if (error instanceof HttpError) message = error.message;
              else app.log.error({ err: error, event }, 'chat event failed');
              refuse(socket, message, ack);
            },
          );
      });
    };

    on('goOnline', async (token) => {
      const viewer = await identify(socket, tokenOf(token));
      if (socket.disconnected) return;
      await bind(socket, viewer);
      data.onlineAs = viewer.id;
      if (await presence.add(viewer.id, socket.id)) void broadcastOnlineList();
    });

    on('getOnlineList', async () => {
      await identify(socket);
      socket.emit('onlineList', await presence.list());
    });

    on('joinChat', async (chatId) => {
      const chat = await service.memberChat(await identify(socket), chatId);
      viewChat(socket, chat.id);
    });

    // The chat page closed: the socket stays for the badge and the bell but no longer views a chat,
    // so new messages notify the person again.
    on('leaveChat', async () => {
      for (const room of socket.rooms) if (room.startsWith('chat:')) socket.leave(room);
      data.chatId = undefined;
    });

    // `getMessages` takes the chat id (the newest page) or `{ chatId, before }` (the page before that message).
    // The page rides as the plain array clients expect; the chat id and what kind of list it is follow it.
    on('getMessages', async (request) => {
      const { chatId, before } = (request && typeof request === 'object' ? request : { chatId: request }) as { chatId?: unknown; before?: unknown };
      const page = await service.read(await identify(socket), chatId, before);
      const meta: ChatListMeta = { kind: before === undefined || before === null ? 'latest' : 'older', hasMore: page.hasMore };
      socket.emit('chat', page.messages, page.chat.id, meta);
    });

    on('markRead', async (chatId) => {
      await service.markRead(await identify(socket), chatId);
    });

    on('sendMessage', async (payload) => {
      const body = (payload && typeof payload === 'object' ? payload : {}) as { chatId?: unknown; content?: unknown; sender?: unknown };
      const viewer = await identify(socket, tokenOf(body.sender));
      requireVerifiedEmail(app, viewer);
      if (!(await messageRate.allow(viewer.id))) throw tooMany('You are sending messages too fast; please wait a moment');
      const sent = await service.send(viewer, body.chatId, body.content, isViewing);
      await durableOr503(app.durability);
      // Writing in a chat means viewing it; the list then reaches every socket viewing it (on any process).
      viewChat(socket, sent.chat.id);
      // Only the new message travels: clients add it to the page they already hold.
      const meta: ChatListMeta = { kind: 'new' };
      io.to(chatRoom(sent.chat.id)).emit('chat', [sent.message], sent.chat.id, meta);
      // The members' other sockets (another page, another conversation) learn that the chat moved;
      // the ones viewing it already got the message.
      const update = { chatId: sent.chat.id, lastMessage: sent.content, updated_at: sent.at, from: viewer.id };
      io.to([userRoom(sent.chat.sender_id), userRoom(sent.chat.receiver_id)])
        .except(chatRoom(sent.chat.id))
        .emit('chatUpdated', update);
    });

    on('goOffline', async (token) => {
      const viewer = await identify(socket, tokenOf(token));
      // The socket that went online leaves; a page that sends goOffline from another socket takes the user offline.
      const changed = (await presence.has(viewer.id, socket.id)) ? await presence.remove(viewer.id, socket.id) : await presence.removeUser(viewer.id);
      if (data.onlineAs === viewer.id) data.onlineAs = undefined;
      if (changed) void broadcastOnlineList();
    });

    socket.on('disconnect', () => {
      // Queued behind a goOnline still running, so that one is undone too.
      const done: Promise<void> = (data.queue = data.queue
        .then(async () => {
          const userId = data.onlineAs;
          if (!userId) return;
          data.onlineAs = undefined;
          if (await presence.remove(userId, socket.id)) await broadcastOnlineList();
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'presence update on disconnect failed'))
        .finally(() => leaving.delete(done)));
      leaving.add(done);
    });
  });

  return {
    broadcastOnlineList,
    /** Resolves when every disconnected socket has left the presence. */
    settled: async () => {
      await Promise.all([...leaving]);
    },
  };
}
