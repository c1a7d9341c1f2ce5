import type { UsersTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound, tooMany } from '../../lib/errors.js';
import { hashSecret, newSecret } from '../../lib/one-time-tokens.js';
import { clinicWhen } from '../../i18n/dates.js';
import { asLanguage } from '../../i18n/language.js';
import { hashPassword } from '../../lib/passwords.js';
import { nowIso } from '../../lib/time.js';
import type { MailMessage } from '../../mail/mailer.js';
import { mails } from '../../mail/templates.js';
import type { Viewer } from '../../plugins/auth.js';
import { disconnectSessions } from '../../realtime/rooms.js';
import type { App } from '../../types.js';
import { accountsRepository } from '../accounts/repository.js';
import { accountSecurityRepository } from './repository.js';
import { linkBase } from '../../config.js';

const MINUTE = 60_000;
/** How long each kind of link works. */
export const LINK_LIFETIME = { verify_email: 24 * 60 * MINUTE, change_email: 24 * 60 * MINUTE, reset_password: 30 * MINUTE } as const;
/** A new verification link at most this often per account. */
const RESEND_PAUSE_MS = MINUTE;
/** The owner of an address someone tries to sign up with again is told at most this often. */
const ADDRESS_TAKEN_MAIL_PAUSE_MS = 24 * 60 * MINUTE;

export const badLink = () => badRequest('This link is invalid, was already used or has expired. Please ask for a new one.');
export const forgotAnswer = 'If an account uses this email, we have sent it a link to choose a new password. The link works once, for 30 minutes.';

/** Email links, verification, password reset and the sessions list. */
export function accountSecurityService(app: App) {
  const repo = accountSecurityRepository(app.db);
  const accounts = accountsRepository(app.db);
  const { config } = app;

  // Links point at PUBLIC_URL, never at the Host header of the request (which an attacker chooses).
  const base = () => linkBase(config);
  const linkTo = (page: string, secret?: string) => `${base()}${page}${secret ? `#token=${secret}` : ''}`;

  /**
   * Queues a mail after the database work is done. What the person is told never depends on the mail
   * server (mail/queue.ts): a message it does not take now is tried again.
   */
  const deliver = (message: MailMessage) => app.mailer.send(message);

  /** Mails a one-time link to a person: `page` of the portal with the secret after `#token=`, in her language. */
  async function mailLink(
    template: (typeof mails)['verifyEmail' | 'confirmNewEmail' | 'resetPassword'],
    person: { language: string; name: string; to: string; licenceNeeded?: boolean },
    page: string,
    secret: string,
    about?: string,
  ) {
    const facts = { clinic: config.clinicName, to: person.to, name: person.name, url: linkTo(page, secret), licenceNeeded: person.licenceNeeded };
    await deliver({ ...template(asLanguage(person.language), facts), about });
  }

  /** The verification mail of an account, while it waits in the queue (a newer one replaces it). */
  const verificationAbout = (userId: string) => `verify_email:${userId}`;

  async function newLink(userId: string, purpose: keyof typeof LINK_LIFETIME, newEmail: string | null = null) {
    const secret = newSecret();
    const now = new Date();
    await repo.deleteStaleTokens(userId, now.toISOString());
    await repo.insertToken({
      id: hashSecret(secret),
      user_id: userId,
      purpose,
      new_email: newEmail,
      attempts: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + LINK_LIFETIME[purpose]).toISOString(),
      used_at: null,
    });
    return secret;
  }

  /** A usable token row for a secret, or null (unknown, used or expired). */
  async function usableToken(secretRaw: string, purpose: 'verify_email' | 'change_email' | 'reset_password') {
    const secret = secretRaw.trim();
    if (!secret || secret.length > 200) return null;
    const row = await repo.findToken(hashSecret(secret), purpose);
    if (!row || row.used_at || row.expires_at <= nowIso()) return null;
    return row;
  }

  const service = {
    linkTo,

    /** What the web app needs for its banners: verified email, two-factor on and required. */
    async summary(userId: string, role: string) {
      const row = await repo.find(userId);
      return {
        emailVerified: row?.email_verified !== 0,
        twoFactor: Boolean(row?.mfa_secret),
        twoFactorRequired: config.mfaRequiredRoles.includes(role),
        verifiedEmailRequired: config.requireVerifiedEmail,
      };
    },

    /** Marks a new account as waiting for its email to be verified. */
    markUnverified: (userId: string) => repo.insertUnverified(userId, nowIso()),
    deliver,

    /** Sends the verification link of a new account. */
    /** `licenceNeeded`: a professional who signed up without her licence is asked for it in the same mail. */
    async sendVerification(user: Pick<UsersTable, 'id' | 'email' | 'name'> & { language: string; licenceNeeded?: boolean }) {
      const secret = await newLink(user.id, 'verify_email');
      await mailLink(mails.verifyEmail, { ...user, to: user.email }, '/account/verify-email', secret, verificationAbout(user.id));
    },

    /**
     * Tells the owner of an address that someone tried to use it again, instead of telling the person
     * asking; at most once a day, so sign-ups cannot flood her inbox. When she was told is stored
     * with the attempt counts (one statement), so it holds across restarts and instances.
     */
    async notifyAddressTaken(owner: Pick<UsersTable, 'id' | 'email' | 'name'> & { language: string }) {
      const key = `address-taken-mail:${owner.id}`;
      const now = Date.now();
      if ((await accounts.recordFailure(key, new Date(now).toISOString(), new Date(now - ADDRESS_TAKEN_MAIL_PAUSE_MS).toISOString())) > 1) return;
      try {
        await deliver(
          mails.accountExists(asLanguage(owner.language), {
            clinic: config.clinicName,
            to: owner.email,
            name: owner.name,
            loginUrl: linkTo('/account/login'),
            resetUrl: linkTo('/account/forgot-password'),
          }),
        );
      } catch (error) {
        // Not sent: the next try may send it.
        await accounts.clearAttempts(key);
        throw error;
      }
    },

    /**
     * Tells the owner that the two-factor step of her account was locked after `failures` wrong codes
     * in `minutes` minutes, until `until`, and that whoever typed them knew her password.
     */
    async notifyTwoFactorLocked(owner: Pick<UsersTable, 'email' | 'name'> & { language: string }, lock: { failures: number; minutes: number; until: string }) {
      const language = asLanguage(owner.language);
      await deliver(
        mails.twoFactorLocked(language, {
          clinic: config.clinicName,
          to: owner.email,
          name: owner.name,
          failures: lock.failures,
          minutes: lock.minutes,
          until: clinicWhen(language, config.clinicTimeZone, lock.until),
          resetUrl: linkTo('/account/forgot-password'),
        }),
      );
    },

    /** Records a new address, used only once its link is followed; answers the same whether or not it is free. */
    async startEmailChange(user: UsersTable & { language: string }, newEmail: string) {
      const owner = await accounts.findByEmail(newEmail);
      if (owner) {
        if (owner.id !== user.id) await service.notifyAddressTaken(owner);
        return;
      }
      await repo.voidTokens(user.id, 'change_email', nowIso());
      const secret = await newLink(user.id, 'change_email', newEmail);
      await mailLink(mails.confirmNewEmail, { ...user, to: newEmail }, '/account/verify-email', secret);
    },

    /** Follows a verification or new-email link. */
    async verifyEmail(secret: string) {
      const row = (await usableToken(secret, 'verify_email')) ?? (await usableToken(secret, 'change_email'));
      if (!row) throw badLink();
      const now = nowIso();
      try {
        await app.db.transaction().execute(async (trx) => {
          if (!(await repo.useToken(row.id, now, trx))) throw badLink();
          if (row.purpose === 'change_email' && row.new_email) {
            await trx.updateTable('users').set({ email: row.new_email, updated_at: now }).where('id', '=', row.user_id).execute();
          }
          await repo.setVerified(row.user_id, now, trx);
        });
      } catch (error) {
        // The new address was taken by another account since the link was sent.
        if (isUniqueViolation(error)) throw conflict('This email address is already used by another account');
        throw error;
      }
      const user = await accounts.findById(row.user_id);
      if (!user) throw badLink();
      return { message: row.purpose === 'change_email' ? `Your email address is now ${user.email}` : 'Your email address is verified', email: user.email };
    },

    /** A new verification link for the signed-in account, at most one a minute. */
    async resendVerification(viewer: Viewer) {
      const user = await accounts.findById(viewer.id);
      if (!user) throw notFound('This account no longer exists');
      if ((await repo.find(user.id))?.email_verified !== 0) return { message: 'Your email address is already verified' };
      const last = await repo.latestToken(user.id, 'verify_email');
      // The pause counts from a link that reached the mail server: one still waiting in the queue
      // (the server refused it or never answered) is replaced at once.
      const waiting = await app.mailer.isWaiting(verificationAbout(user.id));
      if (last && !waiting && Date.now() - Date.parse(last.created_at) < RESEND_PAUSE_MS) {
        throw tooMany('A link was sent less than a minute ago; please check your inbox (and spam folder) or try again in a minute.');
      }
      if (waiting) await app.mailer.drop(verificationAbout(user.id));
      await repo.voidTokens(user.id, 'verify_email', nowIso());
      await service.sendVerification(user);
      return { message: `We sent a new link to ${user.email}` };
    },

    /** "Forgot password?": the same answer whether or not the email has an account. */
    /** `email` was checked by the route's schema (lib/form-schema.ts emailRule). */
    async forgotPassword(email: string) {
      const user = await accounts.findByEmail(email);
      // Nothing is sent; the answer is the one a registered address gets (mail is queued, never awaited).
      if (!user) return { message: forgotAnswer };
      // Repeated asks within a minute send nothing more (no flooding someone's inbox); the answer stays the same.
      const last = await repo.latestToken(user.id, 'reset_password');
      if (last && !last.used_at && Date.now() - Date.parse(last.created_at) < RESEND_PAUSE_MS) return { message: forgotAnswer };
      const now = nowIso();
      await repo.voidTokens(user.id, 'reset_password', now);
      const secret = await newLink(user.id, 'reset_password');
      await mailLink(mails.resetPassword, { ...user, to: user.email }, '/account/reset-password', secret);
      return { message: forgotAnswer };
    },

    /** Follows a reset link: a new password, every session ends, and the email counts as verified. */
    async resetPassword(secret: string, password: string) {
      const row = await usableToken(secret, 'reset_password');
      if (!row) throw badLink();
      const passwordHash = await hashPassword(password);
      const now = nowIso();
      const ended = await app.db.transaction().execute(async (trx) => {
        if (!(await repo.useToken(row.id, now, trx))) throw badLink();
        await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', row.user_id).execute();
        await repo.setVerified(row.user_id, now, trx);
        return repo.endSessions(row.user_id, null, trx);
      });
      disconnectSessions(app, ended);
      return { message: 'Your password was changed and every session was signed out. Please log in with the new password.' };
    },

    /** Ends every session but `keepJti` and disconnects their sockets (after a password change). */
    async endOtherSessions(userId: string, keepJti: string | null) {
      const ended = await repo.endSessions(userId, keepJti);
      disconnectSessions(app, ended);
      return ended.length;
    },

    async listSessions(viewer: Viewer) {
      const rows = await repo.listSessions(viewer.id, nowIso());
      return {
        sessions: rows.map((r) => ({
          id: r.jti,
          created_at: r.created_at,
          expires_at: r.expires_at,
          device: r.user_agent,
          ip: r.ip,
          current: r.jti === viewer.jti,
        })),
      };
    },

    async endSession(viewer: Viewer, jti: string) {
      if (!(await repo.endSession(viewer.id, jti))) throw notFound('This session does not exist or has already ended');
      disconnectSessions(app, [jti]);
      return { message: jti === viewer.jti ? 'You are signed out' : 'The session was signed out' };
    },

    async endOthers(viewer: Viewer) {
      const count = await service.endOtherSessions(viewer.id, viewer.jti);
      return { message: count === 1 ? 'One other session was signed out' : `${count} other sessions were signed out` };
    },
  };
  return service;
}
