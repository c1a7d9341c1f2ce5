import type { Language, Role, UsersTable } from '../../db/schema.js';
import { emptyProfile } from '../../db/empty-profile.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { checkNameAgainst, withoutTitle } from '../../lib/names.js';
import { nowIso } from '../../lib/time.js';
import { isProfessional, type Viewer } from '../../plugins/auth.js';
import { disconnectSessions } from '../../realtime/rooms.js';
import { accountSecurityService } from '../account-security/service.js';
import { twoFactorService } from '../two-factor/service.js';
import { checkCurrentPassword } from './current-password.js';
import { firstFile, type Form } from '../../plugins/forms.js';
import type { AccountFields } from './dto.js';
import { removeUnreferenced } from '../../storage/cleanup.js';
import type { App } from '../../types.js';
import { toUserDto } from './dto.js';
import { checkRoleColumns, licenceColumns, missingForApproval } from './fields.js';
import { applyRule } from '../../lib/form-schema.js';
import { accountsRepository } from './repository.js';
import { loginThrottle } from './throttle.js';

/**
 * Maps a form's fields to columns. The fields every account has were checked by the body's schema
 * (dto.ts; left out of a profile edit, they are undefined); `ownColumns` are the role's own fields,
 * already checked (fields.ts).
 */
async function columnsFrom(role: Role, fields: AccountFields, ownColumns: Partial<UsersTable>): Promise<Partial<UsersTable>> {
  const out: Partial<UsersTable> = { ...ownColumns };
  // A professional's title is not part of his name: every screen adds it in its own language.
  if (fields.name !== undefined) out.name = isProfessional(role) ? withoutTitle(fields.name) || fields.name : fields.name;
  if (fields.username !== undefined) out.username = fields.username;
  if (fields.email !== undefined) out.email = fields.email;
  if (fields.password !== undefined) out.password_hash = await hashPassword(fields.password);
  if (fields.phone !== undefined) out.phone = fields.phone;
  if (fields.country !== undefined) out.country = fields.country;
  if (fields.government !== undefined) out.government = fields.government;
  if (fields.gender !== undefined) out.gender = fields.gender;
  return out;
}

/** What an applicant without a licence on file is asked for (sign-up answer, the settings' notice). */
export const licenceRequest =
  'Your account is awaiting approval: please give your licence number and upload your licence document in Settings → Profile, so the clinic can check them.';

/** A sign-up or profile form: its text fields (checked by fields.ts, per role) and its files. */
export interface AccountForm {
  fields: AccountFields;
  files: Form['files'];
}

/** Where a request comes from, for the sessions list. */
export interface Client {
  ip: string;
  userAgent: string;
}

export function accountsService(app: App) {
  const repo = accountsRepository(app.db);
  const security = accountSecurityService(app);
  const twoFactor = twoFactorService(app);
  const { config } = app;
  const throttle = loginThrottle(repo, config);

  /**
   * Usernames and names are shown publicly, so a clash is answered; an email clash never is (it would
   * tell anyone who is a patient here): sign-up and email changes treat it elsewhere. A new name must
   * not pass for a professional's (lib/names.ts).
   */
  async function ensureUnique(changes: Partial<UsersTable>, role: Role, exceptId?: string) {
    const taken = await repo.takenKeys({ username: changes.username }, exceptId);
    if (taken.username) throw conflict('This username is already taken');
    if (changes.name) await checkName(changes.name, role, exceptId);
  }

  /** Refuses a name `role` may not take beside the other professionals' names and their names under review. */
  async function checkName(name: string, role: Role, exceptId?: string) {
    checkNameAgainst(name, role, await repo.professionalNames(exceptId));
  }

  /**
   * Splits off the change of name, department or licence number of an approved (or suspended)
   * professional: it waits for an administrator, and the account stays listed, and acts, under the
   * approved values meanwhile. An applicant's whole account is still under review, so hers applies.
   */
  function identityChanges(user: UsersTable, changes: Partial<UsersTable>) {
    if (!isProfessional(user.role) || user.status === 'pending' || user.status === 'rejected') return null;
    const fields = ['name', 'specialization', 'license_number', 'pharmacy_license_number'] as const;
    const asked: Partial<Record<(typeof fields)[number], string>> = {};
    for (const field of fields) {
      const value = changes[field];
      delete changes[field];
      if (value !== undefined && value !== user[field]) asked[field] = value;
    }
    return Object.keys(asked).length > 0 ? asked : null;
  }

  async function storeFiles(form: AccountForm, changes: Partial<UsersTable>, role: Role, owner: string) {
    const image = firstFile(form, 'image');
    if (image) changes.image = await app.images.save(image, 'The profile image', owner);
    const certificate = firstFile(form, 'certificate');
    if (certificate && role !== 'patient') changes.certificate = await app.images.save(certificate, 'The certificate', owner);
  }

  /** The licence document goes to private storage: only its owner's reviewers (administrators) read it. */
  async function storeLicenseDocument(form: AccountForm, changes: Partial<UsersTable>, role: Role, owner: string) {
    const document = firstFile(form, 'licenseDocument');
    if (document && isProfessional(role)) changes.license_document = await app.privateFiles.save(document, 'The licence document', owner, { allowPdf: true });
  }

  async function issueSession(user: UsersTable, client: Client) {
    const { token, jti, expiresAt } = await app.tokens.issue(user.id, user.role);
    const now = nowIso();
    await repo.deleteExpiredSessions(user.id, now);
    await repo.insertSession({
      jti,
      user_id: user.id,
      created_at: now,
      expires_at: expiresAt.toISOString(),
      user_agent: client.userAgent.slice(0, 300),
      ip: client.ip.slice(0, 100),
    });
    return token;
  }

  /** Only someone who knows the password (and code) learns that the account is suspended. */
  function refuseSuspended(user: UsersTable) {
    if (user.status === 'suspended') {
      throw forbidden(`This account is suspended${user.status_reason ? `: ${user.status_reason}` : ''}. Please contact the clinic.`);
    }
  }

  async function signedIn(user: UsersTable, client: Client) {
    refuseSuspended(user);
    const token = await issueSession(user, client);
    return {
      message: 'Logged in successfully',
      user: toUserDto(user, token, app.images, await repo.pendingChange(user.id)),
      role: user.role,
      token,
      security: await security.summary(user.id, user.role),
    };
  }

  /** Queues a sign-up's email (a new account's link, or the owner's notice): the answer is the same either way. */
  async function signupMail(send: () => Promise<void>, row: UsersTable) {
    // Doctors and pharmacists are also told that the clinic checks their licence first, and what it still lacks.
    const review = !isProfessional(row.role)
      ? ''
      : missingForApproval(row)
        ? ` ${licenceRequest}`
        : ' The clinic checks your licence before your account is listed.';
    await send();
    return `Account created successfully. We sent you an email to verify your address.${review}`;
  }

  /**
   * Sign-ups per address per hour (SIGNUP_MAX_PER_HOUR), counted in the same table as login
   * attempts. Every sign-up counts, with a free or a registered email alike, and is counted before
   * the email is looked up (one statement, so parallel ones each count): neither the answer nor the
   * 429 tells whether an email has an account. A form refused for a mistake never gets here (the
   * route's schema refuses it first), and a username clash gives its count back.
   */
  const signupKey = (ip: string) => `signup:${ip}`;
  async function countSignup(ip: string) {
    const counted = await repo.recordFailure(signupKey(ip), nowIso(), new Date(Date.now() - 3600 * 1000).toISOString());
    if (counted > config.signupMaxPerHour) throw tooMany('Too many accounts were created from your network. Please try again in an hour.');
  }

  return {
    checkName,

    /** Her language for emails and notifications, as she chose it in the portal. */
    async saveLanguage(viewer: Viewer, language: Language) {
      await repo.setLanguage(viewer.id, language, nowIso());
      return { message: language === 'ar' ? 'Emails and notifications will now be in Arabic' : 'Emails and notifications will now be in English', language };
    },

    async signup(role: Role, form: AccountForm, ip: string, language: Language = 'en') {
      // The role's sign-up schema has checked these fields already (signupBodyFor): this only maps them.
      const ownColumns = checkRoleColumns(role, form.fields, false);
      // Counted before the password is hashed, so sign-ups over the limit cost the server nothing.
      await countSignup(ip);
      const changes = await columnsFrom(role, form.fields, ownColumns);
      try {
        await ensureUnique(changes, role);
      } catch (error) {
        // A public name already taken says nothing about emails: the person fixes it without losing a try.
        await repo.forgiveAttempt(signupKey(ip));
        throw error;
      }
      const now = nowIso();
      const row: UsersTable = {
        id: newId(),
        role,
        name: '',
        username: '',
        email: '',
        password_hash: '',
        ...emptyProfile(),
        // Doctors and pharmacists wait for an administrator to check their licence.
        status: isProfessional(role) ? 'pending' : 'approved',
        ...changes,
        created_at: now,
        updated_at: now,
      };
      // An email that already has an account gets the same answer as a new one; its owner is told by email instead.
      const answerAsCreated = async (owner: UsersTable & { language: Language }) => ({
        message: await signupMail(() => security.notifyAddressTaken(owner), row),
        user: toUserDto(row, null, app.images),
      });
      const owner = await repo.findByEmail(row.email);
      if (owner) return answerAsCreated(owner);
      await storeFiles(form, row, role, row.id);
      await storeLicenseDocument(form, row, role, row.id);
      try {
        await repo.insert(row, language);
      } catch (error) {
        // Two signups racing for the same email or username: the unique index decides.
        if (!isUniqueViolation(error)) throw error;
        const winner = await repo.findByEmail(row.email);
        if (winner) return answerAsCreated(winner);
        throw conflict('This username or name is already registered');
      }
      await security.markUnverified(row.id);
      return {
        message: await signupMail(() => security.sendVerification({ ...row, language, licenceNeeded: Boolean(missingForApproval(row)) }), row),
        user: toUserDto(row, null, app.images),
      };
    },

    async login(emailRaw: string, password: string, client: Client) {
      const ip = client.ip;
      const email = emailRaw.trim().toLowerCase();
      // No real address is this long, and the attempt counter's key must fit in an index.
      if (email.length > 254) throw unauthorized('Incorrect email or password');
      const [accountKey, addressKey] = [`email:${email}`, `ip:${ip}`];
      await throttle.begin(accountKey, addressKey);
      const user = await repo.findByEmail(email);
      const ok = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await decoyHash(), password), false);
      if (!user || !ok) throw unauthorized('Incorrect email or password');
      await throttle.succeeded(accountKey, addressKey);
      refuseSuspended(user);
      if (await twoFactor.isEnabled(user.id)) {
        // The password was right; the session is issued only after the code step.
        return { message: 'Enter the 6-digit code from your authenticator app', twoFactorRequired: true, challenge: await twoFactor.startChallenge(user.id) };
      }
      return signedIn(user, client);
    },

    /** The second sign-in step: a code (or recovery code) for the challenge the password step gave. */
    async loginWithCode(challenge: string, code: string, client: Client) {
      const userId = await twoFactor.completeChallenge(challenge, code);
      const user = await repo.findById(userId);
      if (!user) throw unauthorized('This sign-in step has expired; please log in again');
      return signedIn(user, client);
    },

    /**
     * A professional gives the licence numbers and document the sign-up did not carry (or corrects
     * them) while her application waits; once an administrator approved it, the licence is fixed.
     */
    async submitLicence(viewer: Viewer, form: AccountForm) {
      const user = await repo.findById(viewer.id);
      if (!user) throw notFound('This account no longer exists');
      if (!isProfessional(user.role)) throw forbidden('Only doctors and pharmacists give a licence');
      if (user.status === 'approved') throw conflict('Your licence was already checked and approved; please contact the clinic to change it');
      const fields = form.fields as Partial<Record<string, string>>;
      const numbers = applyRule((_text, ctx) => licenceColumns(user.role, fields, ctx, { required: false }), '');
      const changes: Partial<UsersTable> = Object.fromEntries(Object.entries(numbers).filter(([, v]) => v));
      await storeLicenseDocument(form, changes, user.role, user.id);
      if (Object.keys(changes).length === 0) throw badRequest('Please give your licence number or choose your licence document');
      try {
        await repo.update(user.id, { ...changes, updated_at: nowIso() });
      } catch (error) {
        if (changes.license_document) await app.privateFiles.remove(changes.license_document);
        throw error;
      }
      if (changes.license_document && user.license_document) await app.privateFiles.remove(user.license_document);
      const updated = (await repo.findById(user.id)) as UsersTable;
      const message = missingForApproval(updated)
        ? `Saved. ${licenceRequest}`
        : 'Saved. The clinic now has your licence number and document and checks them before your account is listed.';
      return { message, user: toUserDto(updated, viewer.token, app.images) };
    },

    async logout(token: string | null) {
      const claims = token ? await app.tokens.verifyIgnoringExpiry(token) : null;
      if (!claims) throw unauthorized();
      await repo.deleteSession(claims.jti);
      // The session's open sockets stop receiving chat at once.
      disconnectSessions(app, [claims.jti]);
      return { message: 'Logged out successfully' };
    },

    async current(viewer: Viewer) {
      const user = await repo.findById(viewer.id);
      if (!user) throw unauthorized();
      return {
        user: toUserDto(user, viewer.token, app.images, await repo.pendingChange(user.id)),
        role: user.role,
        security: await security.summary(user.id, user.role),
      };
    },

    /**
     * Profile edits. A new email or password needs `currentPassword`; a new email is used only once
     * its link is followed (the answer never says whether it belongs to someone else); a new password
     * signs out every other session.
     */
    async update(viewer: Viewer, form: AccountForm) {
      const user = await repo.findById(viewer.id);
      if (!user) throw notFound('This account no longer exists');
      const changes = await columnsFrom(user.role, form.fields, checkRoleColumns(user.role, form.fields, true));
      const newEmail = changes.email && changes.email !== user.email ? changes.email : undefined;
      delete changes.email;
      const newPassword = changes.password_hash !== undefined;
      if (newEmail || newPassword) {
        const what = newEmail && newPassword ? 'change your email and password' : newEmail ? 'change your email' : 'change your password';
        await checkCurrentPassword(app.db, user, form.fields.currentPassword, what);
      }
      // A name sent unchanged is not a new name: it is not compared again.
      if (changes.name === user.name) delete changes.name;
      const review = identityChanges(user, changes);
      await ensureUnique({ ...changes, name: review?.name ?? changes.name }, user.role, user.id);
      // The link is mailed first: if mail is down, nothing changes and the person is told.
      if (newEmail) await security.startEmailChange(user, newEmail);
      await storeFiles(form, changes, user.role, user.id);
      const stored = [changes.image, changes.certificate].filter((p): p is string => Boolean(p));
      if (Object.keys(changes).length > 0) {
        try {
          await repo.update(user.id, { ...changes, updated_at: nowIso() });
        } catch (error) {
          await removeUnreferenced(app.db, config.uploadDir, stored);
          if (isUniqueViolation(error)) throw conflict('This username or name is already taken');
          throw error;
        }
      }
      if (review) {
        await repo.savePendingChange({
          user_id: user.id,
          name: review.name ?? null,
          specialization: review.specialization ?? null,
          license_number: review.license_number ?? null,
          pharmacy_license_number: review.pharmacy_license_number ?? null,
          requested_at: nowIso(),
        });
      }
      // A replaced profile picture or certificate is deleted from disk.
      await removeUnreferenced(app.db, config.uploadDir, [changes.image ? user.image : '', changes.certificate ? user.certificate : '']);
      if (newPassword) await security.endOtherSessions(user.id, viewer.jti);
      const updated = (await repo.findById(user.id)) as UsersTable;
      const notes = [
        newEmail ? `We sent a link to ${newEmail}: the new email is used once you follow it.` : '',
        newPassword ? 'Your password was changed and every other session was signed out.' : '',
        review ? 'Your new name, department or licence number waits for the clinic to check it; until then you are listed as before.' : '',
      ].filter(Boolean);
      return { message: ['Profile updated.', ...notes].join(' '), user: toUserDto(updated, viewer.token, app.images, await repo.pendingChange(user.id)) };
    },
  };
}
