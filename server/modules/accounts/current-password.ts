import type { DB } from '../../db/index.js';
import type { UsersTable } from '../../db/schema.js';
import { forbidden, tooMany } from '../../lib/errors.js';
import { applyRule, refuse, sentText, type FieldRule } from '../../lib/form-schema.js';
import { verifyPassword } from '../../lib/passwords.js';
import { accountsRepository } from './repository.js';

/** Wrong current passwords and two-factor codes a signed-in session may try per account in the window. */
export const WRONG_SECRET_LIMIT = 5;
export const WRONG_SECRET_WINDOW_SECONDS = 15 * 60;

/**
 * Runs a check of something only the account's owner knows (the current password, a code from the
 * authenticator app) for a signed-in session, at most WRONG_SECRET_LIMIT wrong ones per account in
 * the window: a stolen token must not become a way to guess the password. Like failed logins, each
 * try is counted in the database before it is checked (so parallel guesses on several instances all
 * count) and a right one gives its try back.
 */
export async function limitWrongSecrets(db: DB, userId: string, check: () => Promise<boolean>): Promise<boolean> {
  const repo = accountsRepository(db);
  const key = `secret:${userId}`;
  const now = Date.now();
  const tries = await repo.recordFailure(key, new Date(now).toISOString(), new Date(now - WRONG_SECRET_WINDOW_SECONDS * 1000).toISOString());
  if (tries > WRONG_SECRET_LIMIT) {
    const since = Date.parse((await repo.attemptsSince(key)) ?? new Date(now).toISOString());
    const waitSeconds = Math.max(1, (since + WRONG_SECRET_WINDOW_SECONDS * 1000 - now) / 1000);
    const minutes = Math.ceil(waitSeconds / 60);
    throw tooMany(`Too many wrong passwords or codes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, waitSeconds);
  }
  const right = await check();
  if (right) await repo.forgiveAttempt(key);
  return right;
}

/** The current password, required and taken as typed; `what` names the action in the refusal. */
export const currentPasswordRule =
  (what: string): FieldRule<string> =>
  (password, ctx) =>
    password || refuse(ctx, `Please enter your current password to ${what}`);

/** A form's current-password field, for a route whose action always needs it. */
export const currentPasswordField = (what: string) =>
  sentText()
    .transform((value, ctx) => currentPasswordRule(what)(value ?? '', ctx))
    .describe('The current password');

/**
 * Changing the email or password, and turning two-factor sign-in on or off, need the current
 * password: a stolen token alone must not become a stolen account. `password` was given (checked
 * by currentPasswordRule).
 */
export async function verifyCurrentPassword(db: DB, user: Pick<UsersTable, 'id' | 'password_hash'>, password: string) {
  if (!(await limitWrongSecrets(db, user.id, () => verifyPassword(user.password_hash, password)))) throw forbidden('Your current password is not correct');
}

/** For a form that needs the current password only for some changes (a profile edit's new email or password). */
export async function checkCurrentPassword(db: DB, user: Pick<UsersTable, 'id' | 'password_hash'>, password: string | undefined, what: string) {
  await verifyCurrentPassword(db, user, applyRule(currentPasswordRule(what), password ?? ''));
}
