import { randomBytes } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { connectRedis, publishingQuietly } from '../lib/redis.js';
import { Server } from 'socket.io';
import type { App } from '../types.js';
import { registerChatHandlers } from './handlers.js';
import { handshakeRefusal, socketViewer, type SocketData } from './identity.js';
import { originChecker } from './origin.js';
import { guardPackets } from './packet-guard.js';
import { presenceWithFallback, rateWithFallback } from './fallback.js';
import { memoryPresence, redisPresence, type Presence } from './presence.js';
import { memoryRateLimiter, redisRateLimiter } from './rate.js';
import { chatNamespaces } from './rooms.js';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
    /** Present when REDIS_URL is set: shared state for several server processes. */
    redis: Redis | null;
    /** Who is online: in memory on one process, in Redis when REDIS_URL is set. */
    presence: Presence;
  }
}

/** A user may send this many messages per window, across all their sockets and all processes. */
const MESSAGE_RATE = { limit: 30, windowMs: 10_000 };
/** The largest packet a client may send; a message is far smaller (see MAX_MESSAGE_LENGTH). */
const MAX_PACKET_BYTES = 16 * 1024;
/**
 * The transport's hard limit. Beyond it socket.io closes the connection without a word, so it sits
 * well above MAX_PACKET_BYTES: packets in between get an error event before the connection closes.
 */
const TRANSPORT_LIMIT_BYTES = 1024 * 1024;

/**
 * socket.io on the same port and origin as the API, default path, in the namespaces of rooms.ts. With REDIS_URL the Redis
 * adapter carries room broadcasts between server processes, and presence and message rates live in Redis.
 */
export default fp(async (app: App) => {
  const allowOrigin = originChecker(app.config.publicUrl, app.config.socketAllowedOrigins);
  const io = new Server(app.server, {
    cors: { origin: '*', methods: ['GET', 'POST'] },
    maxHttpBufferSize: TRANSPORT_LIMIT_BYTES,
    allowRequest: (req, callback) => {
      const allowed = allowOrigin(req);
      callback(allowed ? null : 'This page may not open a chat connection', allowed);
    },
  });
  let redis: Redis | null = null;
  let pub: Redis | null = null;
  let sub: Redis | null = null;
  if (app.config.redisUrl) {
    redis = connectRedis(app, app.config.redisUrl, 'commands');
    pub = publishingQuietly(connectRedis(app, app.config.redisUrl, 'publish'), (error) => onFallback(error));
    // The subscriber keeps its subscriptions queued while Redis is away and renews them when it is back.
    sub = connectRedis(app, app.config.redisUrl, 'subscribe', { enableOfflineQueue: true, maxRetriesPerRequest: null });
    io.adapter(createAdapter(pub, sub, { key: `${app.config.redisPrefix}:socket.io` }));
  }
  const shared = redis ? redisPresence(redis, randomBytes(8).toString('hex'), `${app.config.redisPrefix}:presence`) : null;
  let warnedAt = 0;
  const onFallback = (error: unknown) => {
    // One line a minute is enough to tell the operator; the health check says the rest.
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    app.log.warn({ err: error }, "Redis unreachable: chat presence and rate limits are this instance's own until it is back");
  };
  // Every change is kept here too: the fallback while Redis is out of reach, and what Redis is
  // rebuilt from when it is back (sockets that closed meanwhile leave, and all of them after a restart).
  const local = memoryPresence();
  const presence = shared ? presenceWithFallback(shared, local, onFallback) : local;
  const messageRate = redis
    ? rateWithFallback(redisRateLimiter(redis, MESSAGE_RATE, `${app.config.redisPrefix}:rate`), memoryRateLimiter(MESSAGE_RATE), onFallback)
    : memoryRateLimiter(MESSAGE_RATE);

  // Both namespaces (this SPA's and the original client's) pass the same checks: a token in the handshake
  // identifies the socket at once by the rules of HTTP, and a bad one is refused. Without one the
  // socket stays anonymous until an event carries a token (as the original client sends it).
  const namespaces = chatNamespaces(io);
  for (const namespace of namespaces) {
    namespace.use((socket, next) => {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const token = typeof auth?.token === 'string' && auth.token ? auth.token : null;
      if (!token) return next();
      socketViewer(app, token).then(
        (viewer) => {
          (socket.data as SocketData).handshakeViewer = viewer;
          next();
        },
        (error: unknown) => next(handshakeRefusal(socket, error)),
      );
    });
    // Before the chat handlers, so every event passes the checks first.
    namespace.on('connection', (socket) => guardPackets(socket, MAX_PACKET_BYTES));
  }
  const chat = registerChatHandlers(app, namespaces, presence, messageRate);
  shared?.start(
    () => void chat.refreshOnlineLists().catch(() => undefined),
    () => local.entries(),
  );

  app.decorate('io', io);
  app.decorate('redis', redis);
  app.decorate('presence', presence);
  app.addHook('onClose', async () => {
    // The sockets ended in preClose; their presence leaves (and the others hear of it) before the connections close.
    await chat.settled();
    io.close();
    await shared?.stop().catch(() => undefined);
    await Promise.all([redis, pub, sub].map((c) => c?.quit().catch(() => undefined)));
  });
});
