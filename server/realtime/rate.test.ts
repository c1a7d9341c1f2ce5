import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter, type RateOptions } from './rate.js';

const options = { limit: 30, windowMs: 10_000 };
const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: true }) : null;
afterAll(async () => redis?.quit());
afterEach(() => vi.restoreAllMocks());

/** Hits `allow` `times` times at the instant `at`; resolves to how many were allowed. */
async function hits(limiter: RateLimiter, key: string, at: number, times: number) {
  vi.spyOn(Date, 'now').mockReturnValue(at);
  let allowed = 0;
  for (let i = 0; i < times; i++) if (await limiter.allow(key)) allowed++;
  return allowed;
}

/**
 * A window starts at a user's first message, not at a boundary of the clock: a burst that crossed
 * such a boundary was counted in two windows, so up to twice the limit went through in a second.
 */
function behavesAsAWindowFromTheFirstHit(make: (limits?: RateOptions) => RateLimiter) {
  it('refuses the hit past the limit even when the burst crosses a multiple of the window on the clock', async () => {
    const limiter = make(options);
    const key = randomBytes(6).toString('hex');
    const boundary = Math.ceil(Date.now() / options.windowMs) * options.windowMs + options.windowMs;
    expect(await hits(limiter, key, boundary - 5, 15)).toBe(15);
    expect(await hits(limiter, key, boundary + 5, 15)).toBe(15);
    expect(await hits(limiter, key, boundary + 10, 1)).toBe(0);
  });

  it('allows again once the window that began with the first hit is over', async () => {
    const limiter = make({ limit: 3, windowMs: 200 });
    const key = randomBytes(6).toString('hex');
    let allowed = 0;
    for (let i = 0; i < 4; i++) if (await limiter.allow(key)) allowed++;
    expect(allowed).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await limiter.allow(key)).toBe(true);
  });
}

describe('the chat rate limit in memory', () => {
  behavesAsAWindowFromTheFirstHit((limits = options) => memoryRateLimiter(limits));
});

describe.skipIf(!redis)('the chat rate limit in Redis (runs when REDIS_URL is set)', () => {
  behavesAsAWindowFromTheFirstHit((limits = options) => redisRateLimiter(redis!, limits, `test-rate-${randomBytes(6).toString('hex')}`));
});
