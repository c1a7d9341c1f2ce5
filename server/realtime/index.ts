import { randomBytes } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { viewerFromToken } from '../plugins/auth.js';
import type { App } from '../types.js';
import { registerChatHandlers } from './handlers.js';
import { originChecker } from './origin.js';
import { memoryPresence, redisPresence, type Presence } from './presence.js';
import { memoryRateLimiter, redisRateLimiter } from './rate.js';

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
 * socket.io on the same port and origin as the API, default path. With REDIS_URL the Redis
 * adapter carries room broadcasts between server processes, and presence and message rates live in Redis.
 */
export default fp(async (app: App) => {
  const allowOrigin = originChecker(app.config.publicUrl, app.config.socketAllowedOrigins);
  const io = new Server(app.server, {
    cors: { origin: '*', methods: ['GET', 'POST'] },
    maxHttpBufferSize: MAX_PACKET_BYTES,
    allowRequest: (req, callback) => {
      const allowed = allowOrigin(req);
      callback(allowed ? null : 'This page may not open a chat connection', allowed);
    },
  });
  let redis: Redis | null = null;
  let pub: Redis | null = null;
  let sub: Redis | null = null;
  if (app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    pub = redis.duplicate();
    sub = redis.duplicate();
    io.adapter(createAdapter(pub, sub));
  }
  const shared = redis ? redisPresence(redis, randomBytes(8).toString('hex')) : null;
  const presence = shared ?? memoryPresence();
  const messageRate = redis ? redisRateLimiter(redis, MESSAGE_RATE) : memoryRateLimiter(MESSAGE_RATE);

  // A token in the handshake identifies the socket at once; a bad one is refused. Without one the
  // socket stays anonymous until goOnline (the token then travels in the event, as clients send it).
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' && auth.token ? auth.token : null;
    if (!token) return next();
    viewerFromToken(app, token).then(
      (viewer) => {
        if (!viewer) return next(new Error('Unauthorized'));
        socket.data.token = token;
        socket.data.userId = viewer.id;
        socket.data.jti = viewer.jti;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error('Unauthorized')),
    );
  });
  const chat = registerChatHandlers(app, io, presence, messageRate);
  shared?.start(() => void chat.broadcastOnlineList().catch(() => undefined));

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
