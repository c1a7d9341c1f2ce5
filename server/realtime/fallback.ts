import type { Presence } from './presence.js';
import type { RateLimiter } from './rate.js';

/**
 * While Redis is unreachable the chat keeps working with what one process knows. Every change is
 * also kept in this process's memory; when Redis fails, the local answer is used instead of an error.
 * Once Redis is back, its (shared) answers are used again.
 */
export function presenceWithFallback(shared: Presence, local: Presence, onFallback: (error: unknown) => void): Presence {
  const either =
    <A extends unknown[], R>(pick: (p: Presence) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const mine = await pick(local)(...args);
      try {
        return await pick(shared)(...args);
      } catch (error) {
        onFallback(error);
        return mine;
      }
    };
  return {
    add: either((p) => p.add),
    remove: either((p) => p.remove),
    removeUser: either((p) => p.removeUser),
    has: either((p) => p.has),
    list: either((p) => p.list),
  };
}

/** A shared rate limit that falls back to this process's own count while Redis is unreachable. */
export function rateWithFallback(shared: RateLimiter, local: RateLimiter, onFallback: (error: unknown) => void): RateLimiter {
  return {
    async allow(key) {
      const mine = await local.allow(key);
      try {
        return await shared.allow(key);
      } catch (error) {
        onFallback(error);
        return mine;
      }
    },
  };
}
