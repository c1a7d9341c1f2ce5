import { setTimeout as sleep } from 'node:timers/promises';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { UsersTable } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../lib/errors.js';
import { hashSecret, newSecret } from '../../lib/one-time-tokens.js';
import { secretBox } from '../../lib/secret-box.js';
import { nowIso } from '../../lib/time.js';
import type { Viewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { accountSecurityRepository } from '../account-security/repository.js';
import { accountSecurityService } from '../account-security/service.js';
import { limitWrongSecrets, verifyCurrentPassword } from '../accounts/current-password.js';
import { accountsRepository } from '../accounts/repository.js';
import { loginDelayMs } from '../accounts/throttle.js';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { twoFactorRepository } from './repository.js';

/** The sign-in step after the password: five minutes and five tries. */
const CHALLENGE_MS = 5 * 60_000;
const CHALLENGE_TRIES = 5;
/**
 * Wrong codes count per account, across sign-in steps (a right password starts a new step but never
 * clears them): 10 in 15 minutes lock the code step for 15 minutes, even for the right code, and the
 * owner is mailed. With the growing waits, someone who knows the password gets about 40 tries an hour.
 */
const ACCOUNT_TRIES = 10;
const ACCOUNT_WINDOW_MINUTES = 15;
const LOCK_MINUTES = 15;
/** One 30-second step either side, for clocks that drift a little. */
const TOLERANCE_SECONDS = 30;

/** The time step of a valid TOTP code (later than `afterTimeStep` when given), or null. */
async function totpStep(secret: string, token: string, afterTimeStep: number | null = null): Promise<number | null> {
  const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS, ...(afterTimeStep !== null ? { afterTimeStep } : {}) });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export function twoFactorService(app: App) {
  const repo = twoFactorRepository(app.db, secretBox(app.config.dataEncryptionKey));
  const links = accountSecurityRepository(app.db);
  const security = accountSecurityService(app);
  const accounts = accountsRepository(app.db);

  async function userOf(viewer: Viewer): Promise<UsersTable> {
    const user = await accounts.findById(viewer.id);
    if (!user) throw notFound('This account no longer exists');
    return user;
  }

  /**
   * A right code, not yet used up: a TOTP code of a step not used before, or an unused recovery code.
   * Answers how to use it up (false when another request did first), or null for a wrong code.
   */
  async function matchCode(userId: string, secret: string, codeRaw: string, lastStep: number | null): Promise<(() => Promise<boolean>) | null> {
    const code = codeRaw.replace(/\s/g, '');
    if (/^\d{6}$/.test(code)) {
      const step = await totpStep(secret, code, lastStep);
      return step === null ? null : () => repo.advanceStep(userId, step);
    }
    if (!looksLikeRecoveryCode(codeRaw)) return null;
    const hash = hashRecoveryCode(codeRaw);
    return (await repo.hasCode(userId, hash)) ? () => repo.useCode(userId, hash, nowIso()) : null;
  }

  const windowStart = () => new Date(Date.now() - ACCOUNT_WINDOW_MINUTES * 60_000).toISOString();

  /** The 429 of a locked code step, saying when to try again (also in Retry-After). */
  async function lockedAnswer(userId: string) {
    const row = await links.find(userId);
    const now = Date.now();
    const lockEnds = row?.mfa_locked_until ? Date.parse(row.mfa_locked_until) : 0;
    // No lock yet (parallel tries used up the window while their codes are compared): the window's end.
    const windowEnds = row?.mfa_failures_since ? Date.parse(row.mfa_failures_since) + ACCOUNT_WINDOW_MINUTES * 60_000 : 0;
    const seconds = Math.max(1, ((lockEnds > now ? lockEnds : windowEnds) - now) / 1000);
    const minutes = Math.ceil(seconds / 60);
    return tooMany(`Too many wrong codes: signing in to this account is locked. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, seconds);
  }

  /** Mails the owner once per lock; a mail that cannot be sent is logged and does not change the answer. */
  async function tellOwnerOfLock(userId: string, until: string) {
    const owner = await accounts.findById(userId);
    if (!owner) return;
    try {
      await security.notifyTwoFactorLocked(owner, { failures: ACCOUNT_TRIES, minutes: ACCOUNT_WINDOW_MINUTES, until });
    } catch (error) {
      app.log.error({ err: error, userId }, 'the two-factor lock could not be mailed to the owner');
    }
  }

  const service = {
    async status(viewer: Viewer) {
      const row = await repo.find(viewer.id);
      const enabled = Boolean(row?.mfa_secret);
      return {
        enabled,
        required: app.config.mfaRequiredRoles.includes(viewer.role),
        recoveryCodesLeft: enabled ? await repo.codesLeft(viewer.id) : 0,
      };
    },

    /** A new secret and its QR code; nothing changes until a code from the app confirms it. */
    async setup(viewer: Viewer, password: string) {
      const user = await userOf(viewer);
      await verifyCurrentPassword(app.db, user, password);
      if ((await repo.find(user.id))?.mfa_secret) throw conflict('Two-factor sign-in is already on');
      const secret = generateSecret();
      const uri = generateURI({ issuer: app.config.clinicName, label: user.email, secret });
      await repo.setPending(user.id, secret, nowIso());
      return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
    },

    /** `code` is six digits (checked by the route's body schema). */
    async enable(viewer: Viewer, code: string) {
      const row = await repo.find(viewer.id);
      if (row?.mfa_secret) throw conflict('Two-factor sign-in is already on');
      if (!row?.mfa_pending_secret) throw badRequest('Please start the set-up again: no QR code is waiting for a code');
      const pendingSecret = row.mfa_pending_secret;
      let step: number | null = null;
      await limitWrongSecrets(app.db, viewer.id, async () => (step = await totpStep(pendingSecret, code)) !== null);
      if (step === null) throw badRequest("This code is not correct; check that your device's clock is right and try the newest code");
      const codes = newRecoveryCodes();
      await repo.enable(viewer.id, row.mfa_pending_secret, step, codes.map(hashRecoveryCode), nowIso());
      return { message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, if you lose your device.', recoveryCodes: codes };
    },

    /** Refuses a role that must use two-factor sign-in (asked before the form is checked, too). */
    mayTurnOff(viewer: Viewer) {
      if (app.config.mfaRequiredRoles.includes(viewer.role)) throw forbidden('Your role must keep two-factor sign-in on');
    },

    async disable(viewer: Viewer, password: string) {
      service.mayTurnOff(viewer);
      const user = await userOf(viewer);
      await verifyCurrentPassword(app.db, user, password);
      await repo.disable(user.id, nowIso());
      return { message: 'Two-factor sign-in is off' };
    },

    async regenerateCodes(viewer: Viewer, password: string) {
      const user = await userOf(viewer);
      await verifyCurrentPassword(app.db, user, password);
      if (!(await repo.find(user.id))?.mfa_secret) throw badRequest('Two-factor sign-in is off');
      const codes = newRecoveryCodes();
      await repo.replaceCodes(user.id, codes.map(hashRecoveryCode), nowIso());
      return { message: 'New recovery codes; the old ones no longer work.', recoveryCodes: codes };
    },

    /** True when the account signs in with a second step. */
    isEnabled: async (userId: string) => Boolean((await repo.find(userId))?.mfa_secret),

    /** After a correct password: a single-use challenge for the code step. */
    async startChallenge(userId: string) {
      const secret = newSecret();
      const now = new Date();
      await links.insertToken({
        id: hashSecret(secret),
        user_id: userId,
        purpose: 'mfa_login',
        new_email: null,
        attempts: 0,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
        used_at: null,
      });
      return secret;
    },

    /**
     * Checks the code of a challenge; returns the user id, or throws a 401 (or the lock's 429) a
     * person understands. Each code sent is counted on its challenge by the first statement, then
     * takes one of the account's tries, both before it is compared, so a burst of parallel codes
     * cannot all be compared; the account's try waits as failed logins do (LOGIN_MAX_DELAY_SECONDS).
     * A right code signs in only if no other code was sent on the challenge meanwhile: of a burst,
     * only the last could, and it is past the challenge's tries.
     */
    async completeChallenge(challengeRaw: string, code: string): Promise<string> {
      const expired = () => unauthorized('This sign-in step has expired; please log in again');
      const challenge = challengeRaw.trim();
      if (!challenge || challenge.length > 200) throw expired();
      const id = hashSecret(challenge);
      const arrival = await links.countAnswer(id, 'mfa_login', nowIso());
      if (!arrival) throw expired();
      if (arrival.attempts > CHALLENGE_TRIES) {
        await links.useToken(id, nowIso());
        throw expired();
      }
      const userId = arrival.user_id;
      const security = await repo.find(userId);
      if (!security?.mfa_secret) throw expired();
      const accountTry = await repo.takeTry(userId, ACCOUNT_TRIES, nowIso(), windowStart());
      if (accountTry === null) throw await lockedAnswer(userId);
      const wait = loginDelayMs(accountTry - 1, app.config.loginMaxDelaySeconds);
      if (wait > 0) await sleep(wait);

      const spend = await matchCode(userId, security.mfa_secret, code, security.mfa_last_step);
      // A right code that lost to a later one on the same challenge is answered like a wrong one (and
      // stays unused): its answer must not tell a guesser which of his codes was right.
      if (spend && (await links.useTokenIfUnanswered(id, arrival.attempts, nowIso())) && (await spend())) {
        await repo.giveTryBack(userId);
        return userId;
      }
      if (arrival.attempts >= CHALLENGE_TRIES) await links.useToken(id, nowIso());
      // Every wrong code tries the lock: parallel ones may be decided in any order, and the one that
      // finds the window's tries all taken and the step not yet locked locks it (and mails the owner).
      const now = new Date();
      const until = new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString();
      if (await repo.lock(userId, ACCOUNT_TRIES, now.toISOString(), windowStart(), until)) {
        await tellOwnerOfLock(userId, until);
        throw await lockedAnswer(userId);
      }
      if (((await links.find(userId))?.mfa_locked_until ?? '') > nowIso()) throw await lockedAnswer(userId);
      if (arrival.attempts >= CHALLENGE_TRIES) throw unauthorized('Too many wrong codes; please log in again');
      throw unauthorized('This code is not correct; enter the newest code from your app, or a recovery code');
    },
  };
  return service;
}
