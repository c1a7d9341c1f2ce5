import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';
import type { App } from '../types.js';

/** ioredis is loaded by the first connection: a server without REDIS_URL never needs it (about 70 ms of a start). */
const loadIoredis = () => createRequire(import.meta.url)('ioredis') as typeof import('ioredis');

/**
 * A Redis client that never takes the process down: errors are logged (once per outage), commands
 * fail at once while it is disconnected (callers fall back to this process's own state) and after
 * `REDIS_COMMAND_TIMEOUT_MS` while it is connected but silent (a stopped or frozen server), and it
 * reconnects by itself, retrying every few seconds for as long as it takes.
 */
export function connectRedis(app: App, url: string, role: string, options: RedisOptions = {}): Redis {
  const client = new (loadIoredis().Redis)(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: app.config.redisCommandTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 200, 3_000),
    ...options,
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    app.log.warn({ err: error, role }, 'Redis connection failed; retrying in the background');
  });
  client.on('ready', () => {
    if (down) app.log.info({ role }, 'Redis connection is back');
    down = false;
  });
  return client;
}

/**
 * A client whose PUBLISH never rejects: socket.io's Redis adapter publishes every broadcast without
 * waiting for or catching the answer, so while Redis is away each one would be an unhandled
 * rejection. The broadcast is lost for other instances (messages are stored; they see them on their
 * next load) and `onError` hears of it.
 */
export function publishingQuietly(client: Redis, onError: (error: unknown) => void): Redis {
  const publish = client.publish.bind(client) as (channel: string, message: string | Buffer) => Promise<number>;
  const quiet = (channel: string, message: string | Buffer) =>
    publish(channel, message).catch((error: unknown) => {
      onError(error);
      return 0;
    });
  return Object.assign(client, { publish: quiet as unknown as Redis['publish'] });
}
