import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { UsersTable } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { hashSecret, newSecret } from '../../lib/one-time-tokens.js';
import { secretBox } from '../../lib/secret-box.js';
import { nowIso } from '../../lib/time.js';
import type { Viewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { accountSecurityRepository } from '../account-security/repository.js';
import { limitWrongSecrets, verifyCurrentPassword } from '../accounts/current-password.js';
import { accountsRepository } from '../accounts/repository.js';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { twoFactorRepository } from './repository.js';

/** The sign-in step after the password: five minutes and five tries. */
const CHALLENGE_MS = 5 * 60_000;
const CHALLENGE_TRIES = 5;
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
  const accounts = accountsRepository(app.db);

  async function userOf(viewer: Viewer): Promise<UsersTable> {
    const user = await accounts.findById(viewer.id);
    if (!user) throw notFound('This account no longer exists');
    return user;
  }

  /** A TOTP code not used before, or an unused recovery code. */
  async function acceptCode(userId: string, secret: string, codeRaw: string, lastStep: number | null): Promise<boolean> {
    const code = codeRaw.replace(/\s/g, '');
    if (/^\d{6}$/.test(code)) {
      const step = await totpStep(secret, code, lastStep);
      return step !== null && (await repo.advanceStep(userId, step));
    }
    if (looksLikeRecoveryCode(codeRaw)) return repo.useCode(userId, hashRecoveryCode(codeRaw), nowIso());
    return false;
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

    /** Checks the code of a challenge; returns the user id, or throws a 401 a person understands. */
    async completeChallenge(challengeRaw: string, code: string): Promise<string> {
      const expired = () => unauthorized('This sign-in step has expired; please log in again');
      const challenge = challengeRaw.trim();
      if (!challenge || challenge.length > 200) throw expired();
      const row = await links.findToken(hashSecret(challenge), 'mfa_login');
      if (!row || row.used_at || row.expires_at <= nowIso()) throw expired();
      const security = await repo.find(row.user_id);
      if (!security?.mfa_secret) throw expired();
      if (!(await acceptCode(row.user_id, security.mfa_secret, code, security.mfa_last_step))) {
        if ((await links.countAttempt(row.id)) >= CHALLENGE_TRIES) {
          await links.useToken(row.id, nowIso());
          throw unauthorized('Too many wrong codes; please log in again');
        }
        throw unauthorized('This code is not correct; enter the newest code from your app, or a recovery code');
      }
      if (!(await links.useToken(row.id, nowIso()))) throw expired();
      return row.user_id;
    },
  };
  return service;
}
