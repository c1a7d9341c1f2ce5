import type { Redis } from 'ioredis';

/**
 * Who is online, per user id: a user is online while at least one of their sockets that went online
 * is connected. Each change reports whether the user's online state flipped, so callers broadcast
 * only real changes.
 */
export interface Presence {
  /** Adds a socket of the user; true when the user was offline before. */
  add(userId: string, socketId: string): Promise<boolean>;
  /** Removes one socket; true when it was the user's last one. */
  remove(userId: string, socketId: string): Promise<boolean>;
  /** Removes every socket of the user; true when the user was online. */
  removeUser(userId: string): Promise<boolean>;
  has(userId: string, socketId: string): Promise<boolean>;
  /** The online list as the client reads it: `{ userId: true }`. */
  list(): Promise<Record<string, boolean>>;
}

export interface MemoryPresence extends Presence {
  /** Every socket that went online here, as `[userId, socketId]`. */
  entries(): [string, string][];
}

/** One process: the sockets of each user in memory. */
export function memoryPresence(): MemoryPresence {
  const sockets = new Map<string, Set<string>>();
  return {
    entries() {
      return [...sockets].flatMap(([userId, set]) => [...set].map((socketId): [string, string] => [userId, socketId]));
    },
    async add(userId, socketId) {
      const set = sockets.get(userId);
      if (set) {
        set.add(socketId);
        return false;
      }
      sockets.set(userId, new Set([socketId]));
      return true;
    },
    async remove(userId, socketId) {
      const set = sockets.get(userId);
      if (!set || !set.delete(socketId)) return false;
      if (set.size > 0) return false;
      sockets.delete(userId);
      return true;
    },
    async removeUser(userId) {
      return sockets.delete(userId);
    },
    async has(userId, socketId) {
      return sockets.get(userId)?.has(socketId) ?? false;
    },
    async list() {
      return Object.fromEntries([...sockets.keys()].map((id) => [id, true]));
    },
  };
}

// Each change runs as one script, so two processes changing the same user cannot interleave.
// KEYS: the user's sockets, the online users, this process's sockets. ARGV: user id, socket id.
const ADD = `
redis.call('SADD', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[3], ARGV[1] .. '|' .. ARGV[2])
return redis.call('SADD', KEYS[2], ARGV[1])`;
const REMOVE = `
redis.call('SREM', KEYS[3], ARGV[1] .. '|' .. ARGV[2])
if redis.call('SREM', KEYS[1], ARGV[2]) == 0 then return 0 end
if redis.call('SCARD', KEYS[1]) > 0 then return 0 end
return redis.call('SREM', KEYS[2], ARGV[1])`;
const REMOVE_USER = `redis.call('DEL', KEYS[1]); return redis.call('SREM', KEYS[2], ARGV[1])`;

export interface RedisPresence extends Presence {
  /**
   * Keeps this process marked alive, clears the sockets of processes that died without closing, and
   * makes Redis hold exactly this process's live sockets (`live`): after Redis restarted empty, or
   * missed a socket that closed while it was out of reach.
   */
  start(onChange: () => void, live: () => [string, string][]): void;
  /** Stops the heartbeat and forgets this process. */
  stop(): Promise<void>;
}

const HEARTBEAT_MS = 10_000;
const ALIVE_TTL_MS = 30_000;

/**
 * Several processes: the sockets of each user in a Redis set and the online users in another, so
 * every process answers the same list. Each process also records its own sockets and refreshes an
 * "alive" key; when a process dies without closing, another one removes its sockets once that key expires.
 */
export function redisPresence(redis: Redis, instanceId: string, prefix: string): RedisPresence {
  const online = `${prefix}:online`;
  const instances = `${prefix}:instances`;
  const socketsOf = (userId: string) => `${prefix}:sockets:${userId}`;
  const socketsOfInstance = (id: string) => `${prefix}:instance:${id}:sockets`;
  const aliveKey = (id: string) => `${prefix}:instance:${id}:alive`;
  const mine = socketsOfInstance(instanceId);
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;

  const remove = async (userId: string, socketId: string, instanceSockets = mine) =>
    Number(await redis.eval(REMOVE, 3, socketsOf(userId), online, instanceSockets, userId, socketId)) === 1;

  async function beat() {
    await redis.multi().set(aliveKey(instanceId), '1', 'PX', ALIVE_TTL_MS).sadd(instances, instanceId).exec();
  }

  /**
   * Writes what Redis lost or missed of this process's sockets; true when someone's state changed.
   * Redis is read before the live sockets, so a socket that goes online meanwhile is never taken away.
   */
  async function reconcile(live: () => [string, string][]): Promise<boolean> {
    const stored = new Set(await redis.smembers(mine));
    const wanted = new Map(live().map(([userId, socketId]) => [`${userId}|${socketId}`, [userId, socketId] as const]));
    let changed = false;
    for (const entry of stored) {
      if (wanted.has(entry)) continue;
      const [userId, socketId] = entry.split('|');
      if (userId && socketId && (await remove(userId, socketId))) changed = true;
    }
    for (const [entry, [userId, socketId]] of wanted) {
      if (stored.has(entry)) continue;
      if (Number(await redis.eval(ADD, 3, socketsOf(userId), online, mine, userId, socketId)) === 1) changed = true;
    }
    return changed;
  }

  /** Removes the sockets of processes whose alive key expired; true when someone went offline. */
  async function sweep(): Promise<boolean> {
    let changed = false;
    for (const id of await redis.smembers(instances)) {
      if (id === instanceId || (await redis.exists(aliveKey(id)))) continue;
      const key = socketsOfInstance(id);
      for (const entry of await redis.smembers(key)) {
        const [userId, socketId] = entry.split('|');
        if (userId && socketId && (await remove(userId, socketId, key))) changed = true;
      }
      await redis.multi().del(key).srem(instances, id).exec();
    }
    return changed;
  }

  return {
    async add(userId, socketId) {
      return Number(await redis.eval(ADD, 3, socketsOf(userId), online, mine, userId, socketId)) === 1;
    },
    remove: (userId, socketId) => remove(userId, socketId),
    async removeUser(userId) {
      return Number(await redis.eval(REMOVE_USER, 2, socketsOf(userId), online, userId)) === 1;
    },
    async has(userId, socketId) {
      return (await redis.sismember(socketsOf(userId), socketId)) === 1;
    },
    async list() {
      const ids = await redis.smembers(online);
      return Object.fromEntries(ids.map((id) => [id, true]));
    },
    start(onChange, live) {
      let running: Promise<unknown> | null = null;
      const tick = () => {
        running ??= beat()
          .then(async () => (await reconcile(live)) || (await sweep()))
          .then((changed) => changed && onChange())
          .catch(() => undefined)
          .finally(() => (running = null));
      };
      tick();
      timer = setInterval(tick, HEARTBEAT_MS);
      timer.unref();
      // Back after an outage or a restart: what Redis holds is rebuilt at once, not at the next beat.
      onReady = tick;
      redis.on('ready', onReady);
    },
    async stop() {
      clearInterval(timer);
      if (onReady) redis.off('ready', onReady);
      await redis.multi().del(aliveKey(instanceId)).del(mine).srem(instances, instanceId).exec();
    },
  };
}
