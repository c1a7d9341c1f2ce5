import type { Namespace, Socket } from 'socket.io';
import { chatService } from '../modules/chat/service.js';
import { HttpError, tooMany } from '../lib/errors.js';
import { requireVerifiedEmail, type Viewer } from '../plugins/auth.js';
import { durableOr503 } from '../plugins/durable-answers.js';
import { bindSocket, socketViewer, type SocketData } from './identity.js';
import { onlineLists } from './online-list.js';
import { refuse } from './refuse.js';
import { chatRoom, ORIGINAL_CLIENT_NAMESPACE, userRoom } from './rooms.js';
import type { App } from '../types.js';
import type { Presence } from './presence.js';
import type { RateLimiter } from './rate.js';

/**
 * What a `chat` event's list is: the newest page of history, an older page (asked for with `before`),
 * or messages just written (to add to the list). `hasMore` says older messages exist before the page.
 */
export interface ChatListMeta {
  kind: 'latest' | 'older' | 'new';
  hasMore?: boolean;
}

const EVENTS_PER_WINDOW = 120;
/** Between processes: a message was written in this chat (its id follows). */
const NEW_MESSAGE = 'chat:newMessage';
const EVENT_WINDOW_MS = 10_000;

const tokenOf = (value: unknown) => (typeof value === 'string' && value && value !== 'null' && value !== 'undefined' ? value : undefined);

/**
 * The chat events, the same on every namespace: every one that names a chat checks that the socket's
 * user belongs to it, and every one that identifies the socket binds it to its session (see identity).
 */
export function registerChatHandlers(app: App, namespaces: Namespace[], presence: Presence, messageRate: RateLimiter) {
  const service = chatService(app);
  const lists = onlineLists(app, namespaces, presence, service);
  /** Presence removals still running, so closing waits for them before Redis disconnects. */
  const leaving = new Set<Promise<void>>();

  /**
   * The user behind a token (the event's own, else the socket's), checked every time so a logout takes
   * effect at once, and the socket bound to her. When the socket's own session no longer signs in,
   * the socket is ended once it heard why.
   */
  async function identify(socket: Socket, token?: string): Promise<Viewer> {
    const data = socket.data as SocketData;
    const own = token === undefined || token === data.token;
    let viewer: Viewer;
    try {
      viewer = await socketViewer(app, token ?? data.token ?? null);
    } catch (error) {
      if (own && data.userId && error instanceof HttpError) data.ended = true;
      throw error;
    }
    await bindSocket(app, socket, viewer);
    return viewer;
  }

  function viewChat(socket: Socket, chatId: string) {
    const data = socket.data as SocketData;
    for (const room of socket.rooms) if (room.startsWith('chat:') && room !== chatRoom(chatId)) socket.leave(room);
    socket.join(chatRoom(chatId));
    data.chatId = chatId;
  }

  /** Whether a socket of this user (on any instance, in any namespace) is in the chat's room, i.e. has it open; asked with a time limit. */
  const isViewing = async (chatId: string, userId: string): Promise<boolean> => {
    const found = await Promise.all(namespaces.map((namespace) => namespace.in(chatRoom(chatId)).timeout(2000).fetchSockets()));
    return found.flat().some((s) => (s.data as SocketData).userId === userId);
  };

  /**
   * The original client's sockets viewing a chat on this process get its newest page after each
   * message: that client replaces its whole pane with each list. Read only when this process has some.
   */
  const original = namespaces.find((namespace) => namespace.name === ORIGINAL_CLIENT_NAMESPACE);
  async function pageToOriginalClients(chatId: string) {
    const room = chatRoom(chatId);
    if (!original?.adapter.rooms.get(room)?.size) return;
    const page = await service.latestPage(chatId);
    const meta: ChatListMeta = { kind: 'latest', hasMore: page.hasMore };
    original.local.to(room).emit('chat', page.messages, chatId, meta);
  }
  // The other processes say so when a message was written through them (with REDIS_URL).
  original?.on(NEW_MESSAGE, (chatId: unknown) => {
    if (typeof chatId === 'string')
      pageToOriginalClients(chatId).catch((error: unknown) => app.log.warn({ err: error }, 'chat page for the /api namespace failed'));
  });

  /** A message reached the chat's room: this SPA's sockets get the new message only (they add it to the page they hold). */
  async function deliver(sent: Awaited<ReturnType<typeof service.send>>) {
    const meta: ChatListMeta = { kind: 'new' };
    for (const namespace of namespaces) if (namespace !== original) namespace.to(chatRoom(sent.chat.id)).emit('chat', [sent.message], sent.chat.id, meta);
    if (app.config.redisUrl) original?.serverSideEmit(NEW_MESSAGE, sent.chat.id);
    await pageToOriginalClients(sent.chat.id);
  }

  const connected = (socket: Socket) => {
    const data = socket.data as SocketData;
    data.events = { start: Date.now(), count: 0 };
    // A token in the handshake (checked by the namespace's middleware) binds the socket at once, before its first event.
    const handshakeViewer = data.handshakeViewer;
    data.handshakeViewer = undefined;
    data.queue = handshakeViewer
      ? bindSocket(app, socket, handshakeViewer).catch((error: unknown) => {
          refuse(socket, error instanceof HttpError ? error.message : 'Something went wrong; please try again');
          socket.disconnect(true);
        })
      : Promise.resolve();

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
              if (data.ended) socket.disconnect(true);
            },
          );
      });
    };

    on('goOnline', async (token) => {
      const viewer = await identify(socket, tokenOf(token));
      if (socket.disconnected) return;
      data.onlineAs = viewer.id;
      if (await presence.add(viewer.id, socket.id)) void lists.changed([viewer.id]);
    });

    on('getOnlineList', async () => {
      socket.emit('onlineList', await lists.listFor((await identify(socket)).id));
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
      // Writing in a chat means viewing it; the message then reaches every socket viewing it (on any process).
      viewChat(socket, sent.chat.id);
      await deliver(sent);
      // The members' other sockets (another page, another conversation) learn that the chat moved;
      // the ones viewing it already got the message.
      const update = { chatId: sent.chat.id, lastMessage: sent.content, updated_at: sent.at, from: viewer.id };
      for (const namespace of namespaces) {
        namespace
          .to([userRoom(sent.chat.sender_id), userRoom(sent.chat.receiver_id)])
          .except(chatRoom(sent.chat.id))
          .emit('chatUpdated', update);
      }
    });

    on('goOffline', async (token) => {
      const viewer = await identify(socket, tokenOf(token));
      // The socket that went online leaves; a page that sends goOffline from another socket takes the user offline.
      const changed = (await presence.has(viewer.id, socket.id)) ? await presence.remove(viewer.id, socket.id) : await presence.removeUser(viewer.id);
      if (data.onlineAs === viewer.id) data.onlineAs = undefined;
      if (changed) void lists.changed([viewer.id]);
    });

    socket.on('disconnect', () => {
      // Queued behind a goOnline still running, so that one is undone too.
      const done: Promise<void> = (data.queue = data.queue
        .then(async () => {
          const userId = data.onlineAs;
          if (!userId) return;
          data.onlineAs = undefined;
          if (await presence.remove(userId, socket.id)) await lists.changed([userId]);
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'presence update on disconnect failed'))
        .finally(() => leaving.delete(done)));
      leaving.add(done);
    });
  };
  for (const namespace of namespaces) namespace.on('connection', connected);

  return {
    /** Everyone online hears her list again (processes that died were swept: who changed is not known). */
    refreshOnlineLists: () => lists.changed(),
    /** Resolves when every disconnected socket has left the presence. */
    settled: async () => {
      await Promise.all([...leaving]);
    },
  };
}
