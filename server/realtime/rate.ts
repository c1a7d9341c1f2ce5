import type { Redis } from 'ioredis';

/** A counter per key: `allow(key)` is false once `limit` hits fell in the window that began with the key's first hit. */
export interface RateLimiter {
  allow(key: string): Promise<boolean>;
}

export interface RateOptions {
  limit: number;
  windowMs: number;
}

export function memoryRateLimiter({ limit, windowMs }: RateOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = Date.now();
  return {
    async allow(key) {
      const now = Date.now();
      if (now - lastSweep > windowMs) {
        // Forget finished windows so the map does not grow with every user ever seen.
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
        lastSweep = now;
      }
      const w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      w.count += 1;
      return w.count <= limit;
    },
  };
}

/**
 * The same counter in Redis, so a user's rate is counted across every process. Its window starts at
 * the first hit, as in memory (the key is created with the window as its lifetime, and counting keeps
 * that lifetime): windows cut at multiples of the clock let a burst across a cut through twice.
 */
export function redisRateLimiter(redis: Redis, { limit, windowMs }: RateOptions, prefix: string): RateLimiter {
  return {
    async allow(key) {
      const k = `${prefix}:${key}`;
      const [, [, count]] = (await redis.multi().set(k, 0, 'PX', windowMs, 'NX').incr(k).exec()) as [unknown, [Error | null, number]];
      return Number(count) <= limit;
    },
  };
}
