import type { UsersTable } from '../../db/schema.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';

/**
 * Changing the email or password, and turning two-factor sign-in on or off, need the current
 * password: a stolen token alone must not become a stolen account.
 */
export async function checkCurrentPassword(user: Pick<UsersTable, 'password_hash'>, password: string | undefined, what: string) {
  if (!password) throw badRequest(`Please enter your current password to ${what}`);
  if (!(await verifyPassword(user.password_hash, password))) throw forbidden('Your current password is not correct');
}
