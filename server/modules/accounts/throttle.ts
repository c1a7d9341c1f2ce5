import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config.js';
import { tooMany } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { AccountsRepository } from './repository.js';

/** Failures that cost nothing; from then on each one doubles the wait of the next attempt. */
const freeFailures = 3;
const firstDelayMs = 500;

/** How long an attempt waits after `failures` earlier failures: 0, 0, 0, 0.5 s, 1 s, 2 s … up to the cap. */
export function loginDelayMs(failures: number, maxDelaySeconds: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(maxDelaySeconds * 1000, firstDelayMs * 2 ** (failures - freeFailures));
}

/**
 * Failed logins slow down instead of locking anyone out. Every attempt is counted before its
 * password is checked (so a burst of parallel guesses cannot all see a clean slate) and waits
 * longer the more failures its account and its address have had; a right password is still
 * accepted after at most LOGIN_MAX_DELAY_SECONDS, so guessing at a doctor's public email cannot
 * lock the doctor out. Only the address gets a hard stop, after LOGIN_MAX_ATTEMPTS failures:
 * the address is the client's own (see TRUST_PROXY), so an attacker can only stop themselves.
 */
export function loginThrottle(repo: AccountsRepository, config: Config) {
  const windowStart = () => new Date(Date.now() - config.loginWindowSeconds * 1000).toISOString();

  const count = (key: string, since: string) => repo.recordFailure(key, nowIso(), since);

  return {
    /** Counts the attempt, refuses it when the address is over its limit, and waits as earned. */
    async begin(accountKey: string, addressKey: string) {
      const since = windowStart();
      const addressAttempts = await count(addressKey, since);
      if (addressAttempts > config.loginMaxAttempts) {
        const minutes = Math.ceil(config.loginWindowSeconds / 60);
        throw tooMany(`Too many failed login attempts from your network. Please wait ${minutes} minutes and try again.`);
      }
      const accountAttempts = await count(accountKey, since);
      // The counts include this attempt; the earlier failures decide its wait.
      const wait = Math.max(loginDelayMs(accountAttempts - 1, config.loginMaxDelaySeconds), loginDelayMs(addressAttempts - 1, config.loginMaxDelaySeconds));
      if (wait > 0) await sleep(wait);
    },
    /** A right password: the account starts clean again and the address gets its attempt back. */
    async succeeded(accountKey: string, addressKey: string) {
      await repo.clearAttempts(accountKey);
      await repo.forgiveAttempt(addressKey);
    },
  };
}
