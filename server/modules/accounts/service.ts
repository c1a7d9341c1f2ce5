import type { Role, UsersTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound, tooMany, unauthorized } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { nowIso } from '../../lib/time.js';
import type { Viewer } from '../../plugins/auth.js';
import { cleanField, firstFile, type Form } from '../../plugins/forms.js';
import { removeUnreferenced } from '../../storage/cleanup.js';
import type { App } from '../../types.js';
import { toUserDto } from './dto.js';
import * as check from './fields.js';
import { accountsRepository } from './repository.js';
import { loginThrottle } from './throttle.js';

/** Which optional fields each role's signup and profile take (contract §9.14: only the role's own fields). */
const roleFields: Record<Role, readonly string[]> = {
  patient: ['gender', 'blood_type', 'height', 'weight'],
  doctor: ['gender', 'specialization', 'location', 'officeNumber', 'about'],
  pharmacist: ['gender', 'pharmacyName', 'location', 'pharmacyLocation', 'workingDate'],
};
const commonFields = ['name', 'username', 'email', 'password', 'phone', 'country', 'government'] as const;

const junk = (raw: string | undefined) => raw === undefined || /^(null|undefined)$/.test(raw.trim()) || raw.includes('[object Object]');

/** Maps a form field to its column and check. Returns the column changes for the fields present. */
async function columnsFrom(fields: Record<string, string>, role: Role, partial: boolean): Promise<Partial<UsersTable>> {
  const allowed = new Set<string>([...commonFields, ...roleFields[role]]);
  const out: Partial<UsersTable> = {};
  const present = (key: string) => allowed.has(key) && (!partial || !junk(fields[key]));
  const value = (key: string) => cleanField(fields[key]);

  if (!partial || present('name')) out.name = check.checkName(value('name'));
  if (!partial || present('username')) out.username = check.checkUsername(value('username'));
  if (!partial || present('email')) out.email = check.checkEmail(value('email'));
  if (!partial || (present('password') && value('password'))) out.password_hash = await hashPassword(check.checkPassword(fields.password ?? ''));
  if (present('phone')) out.phone = check.checkPhone(value('phone'));
  if (present('country')) out.country = check.checkText(value('country'), 'Country', 100);
  if (present('government')) out.government = check.checkText(value('government'), 'Government', 100);
  if (present('gender')) out.gender = check.checkGender(value('gender'));
  if (present('blood_type')) out.blood_type = check.checkBloodType(value('blood_type'));
  if (present('height')) out.height = check.checkMeasure(value('height'), 'Height (cm)', 300);
  if (present('weight')) out.weight = check.checkMeasure(value('weight'), 'Weight (kg)', 500);
  if (role === 'doctor' && (!partial || present('specialization'))) out.specialization = check.checkSpecialization(value('specialization'));
  if (present('location')) out.location = check.checkText(value('location'), 'Address', 300);
  if (present('officeNumber')) out.office_number = check.checkText(value('officeNumber'), 'Office number', 50);
  if (present('about')) out.about = check.checkText(value('about'), 'About', 5000);
  if (present('pharmacyName')) out.pharmacy_name = check.checkText(value('pharmacyName'), 'Pharmacy name', 150);
  if (present('pharmacyLocation')) out.pharmacy_location = check.checkText(value('pharmacyLocation'), 'Pharmacy location', 300);
  if (present('workingDate')) out.working_date = check.checkText(value('workingDate'), 'Working date', 100);
  if (role === 'pharmacist' && !partial && !out.pharmacy_name) throw badRequest('Please enter the pharmacy name');
  return out;
}

export function accountsService(app: App) {
  const repo = accountsRepository(app.db);
  const { config } = app;
  const throttle = loginThrottle(repo, config);

  async function ensureUnique(changes: Partial<UsersTable>, role: Role, exceptId?: string) {
    const taken = await repo.takenKeys(
      { email: changes.email, username: changes.username, doctorName: role === 'doctor' ? changes.name : undefined },
      exceptId,
    );
    if (taken.email) throw conflict('This email is already registered');
    if (taken.username) throw conflict('This username is already taken');
    if (taken.doctorName) throw conflict('A doctor with this name is already registered');
  }

  async function storeFiles(form: Form, changes: Partial<UsersTable>, role: Role) {
    const image = firstFile(form, 'image');
    if (image) changes.image = await app.images.save(image, 'The profile image');
    const certificate = firstFile(form, 'certificate');
    if (certificate && role !== 'patient') changes.certificate = await app.images.save(certificate, 'The certificate');
  }

  async function issueSession(user: UsersTable) {
    const { token, jti, expiresAt } = await app.tokens.issue(user.id, user.role);
    const now = nowIso();
    await repo.deleteExpiredSessions(user.id, now);
    await repo.insertSession({ jti, user_id: user.id, created_at: now, expires_at: expiresAt.toISOString() });
    return token;
  }

  /**
   * Accounts created per address per hour (SIGNUP_MAX_PER_HOUR), counted in the same table as
   * login attempts. Only created accounts count, so a person correcting a form is not held back.
   */
  const signupKey = (ip: string) => `signup:${ip}`;
  const hourAgo = () => new Date(Date.now() - 3600 * 1000).toISOString();
  async function checkSignupAllowed(ip: string) {
    const counted = await repo.getAttempts(signupKey(ip));
    if (counted && counted.window_start >= hourAgo() && counted.count >= config.signupMaxPerHour) {
      throw tooMany('Too many accounts were created from your network. Please try again in an hour.');
    }
  }

  return {
    async signup(role: Role, form: Form, ip: string) {
      await checkSignupAllowed(ip);
      const changes = await columnsFrom(form.fields, role, false);
      await ensureUnique(changes, role);
      await storeFiles(form, changes, role);
      const now = nowIso();
      const row: UsersTable = {
        id: newId(), role, name: '', username: '', email: '', password_hash: '', phone: '', gender: '', blood_type: '',
        height: '', weight: '', country: '', government: '', image: '', certificate: '', location: '', pharmacy_name: '',
        pharmacy_location: '', working_date: '', office_number: '', specialization: '', about: '',
        ...changes, created_at: now, updated_at: now,
      };
      try {
        await repo.insert(row);
      } catch (error) {
        // Two signups racing for the same email or username: the unique index decides.
        if (isUniqueViolation(error)) throw conflict('This email, username or name is already registered');
        throw error;
      }
      await repo.recordFailure(signupKey(ip), now, hourAgo());
      return { message: 'Account created successfully', user: toUserDto(row, null, app.images) };
    },

    async login(emailRaw: string, password: string, ip: string) {
      const email = emailRaw.trim().toLowerCase();
      if (!email || !password) throw badRequest('Please enter your email and password');
      // No real address is this long, and the attempt counter's key must fit in an index.
      if (email.length > 254) throw unauthorized('Incorrect email or password');
      const [accountKey, addressKey] = [`email:${email}`, `ip:${ip}`];
      await throttle.begin(accountKey, addressKey);
      const user = await repo.findByEmail(email);
      const ok = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await decoyHash(), password), false);
      if (!user || !ok) throw unauthorized('Incorrect email or password');
      await throttle.succeeded(accountKey, addressKey);
      const token = await issueSession(user);
      return { message: 'Logged in successfully', user: toUserDto(user, token, app.images), role: user.role, token };
    },

    async logout(token: string | null) {
      const claims = token ? await app.tokens.verifyIgnoringExpiry(token) : null;
      if (!claims) throw unauthorized();
      await repo.deleteSession(claims.jti);
      return { message: 'Logged out successfully' };
    },

    async current(viewer: Viewer) {
      const user = await repo.findById(viewer.id);
      if (!user) throw unauthorized();
      return { user: toUserDto(user, viewer.token, app.images), role: user.role };
    },

    async update(viewer: Viewer, form: Form) {
      const user = await repo.findById(viewer.id);
      if (!user) throw notFound('This account no longer exists');
      const changes = await columnsFrom(form.fields, user.role, true);
      await ensureUnique(changes, user.role, user.id);
      await storeFiles(form, changes, user.role);
      const stored = [changes.image, changes.certificate].filter((p): p is string => Boolean(p));
      if (Object.keys(changes).length > 0) {
        try {
          await repo.update(user.id, { ...changes, updated_at: nowIso() });
        } catch (error) {
          await removeUnreferenced(app.db, config.uploadDir, stored);
          if (isUniqueViolation(error)) throw conflict('This email, username or name is already taken');
          throw error;
        }
      }
      // A replaced profile picture or certificate is deleted from disk.
      await removeUnreferenced(app.db, config.uploadDir, [changes.image ? user.image : '', changes.certificate ? user.certificate : '']);
      const updated = (await repo.findById(user.id)) as UsersTable;
      return { message: 'Profile updated', user: toUserDto(updated, viewer.token, app.images) };
    },
  };
}
