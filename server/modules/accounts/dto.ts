import { z } from 'zod';
import { cleanField } from '../../lib/form-text.js';
import { isLanguage } from '../../i18n/language.js';
import {
  checked,
  emailRule,
  genderRule,
  nameRule,
  newPassword,
  patched,
  patchedPassword,
  phoneRule,
  refuse,
  sentText,
  upTo,
  usernameRule,
} from '../../lib/form-schema.js';
import type { PendingProfileChangesTable, Role, UsersTable } from '../../db/schema.js';
import { ACCOUNT_STATUSES, type PendingProfileChange } from '../../../shared/account.js';
import { roleColumns } from './fields.js';
import type { ImageStore } from '../../storage/images.js';

/** A change waiting for an administrator: only the fields it changes are there. */
export const pendingChangeSchema = z.object({
  name: z.string().optional(),
  specialization: z.string().optional(),
  licenseNumber: z.string().optional(),
  pharmacyLicenseNumber: z.string().optional(),
  requestedAt: z.string(),
});
export type PendingChangeDto = z.infer<typeof pendingChangeSchema>;

/** The change as the SPA reads it (shared/account.ts), so a drift between the two is a typecheck failure. */
export function toPendingChange(row: PendingProfileChangesTable | undefined): PendingProfileChange | null {
  if (!row) return null;
  const out: PendingProfileChange = { requestedAt: row.requested_at };
  if (row.name !== null) out.name = row.name;
  if (row.specialization !== null) out.specialization = row.specialization;
  if (row.license_number !== null) out.licenseNumber = row.license_number;
  if (row.pharmacy_license_number !== null) out.pharmacyLicenseNumber = row.pharmacy_license_number;
  return out;
}

/**
 * The user object every accounts call returns. `tokens` holds only the token the caller presented,
 * never other sessions' tokens; the password hash never leaves the server (the schema filters it).
 */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.string(),
  blood_type: z.string(),
  height: z.string(),
  weight: z.string(),
  country: z.string(),
  government: z.string(),
  image: z.string(),
  certificate: z.string(),
  location: z.string(),
  address: z.string(),
  pharmacyName: z.string(),
  pharmacyLocation: z.string(),
  workingDate: z.string(),
  officeNumber: z.string(),
  specialization: z.string(),
  about: z.string(),
  aboutDoctor: z.string(),
  roles: z.array(z.string()),
  /** pending, approved, rejected or suspended; professionals act only when approved. */
  status: z.enum(ACCOUNT_STATUSES),
  /** Why an application was rejected or an account suspended (empty otherwise). */
  statusReason: z.string(),
  licenseNumber: z.string(),
  pharmacyLicenseNumber: z.string(),
  /** Whether a licence document is on file (it is never public; administrators open it). */
  hasLicenseDocument: z.boolean(),
  /**
   * A professional's change of name, department or licence number waiting for an administrator (null:
   * none); until it is approved the account is listed, and acts, under the values above.
   */
  pendingChange: pendingChangeSchema.nullable(),
  tokens: z.array(z.object({ token: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserDto = z.infer<typeof userSchema>;

/** Beside the user (login, auth/user): what the web app's banners and settings need. */
export const securitySchema = z.object({
  emailVerified: z.boolean(),
  twoFactor: z.boolean(),
  twoFactorRequired: z.boolean(),
  verifiedEmailRequired: z.boolean(),
});

export function toUserDto(row: UsersTable, token: string | null, images: ImageStore, pending?: PendingProfileChangesTable): UserDto {
  return {
    _id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    phone: row.phone,
    gender: row.gender,
    blood_type: row.blood_type,
    height: row.height,
    weight: row.weight,
    country: row.country,
    government: row.government,
    image: images.url(row.image),
    certificate: images.url(row.certificate),
    location: row.location,
    address: row.location,
    pharmacyName: row.pharmacy_name,
    pharmacyLocation: row.pharmacy_location,
    workingDate: row.working_date,
    officeNumber: row.office_number,
    specialization: row.specialization,
    about: row.about,
    aboutDoctor: row.about,
    roles: [row.role],
    status: row.status,
    statusReason: row.status_reason,
    licenseNumber: row.license_number,
    pharmacyLicenseNumber: row.pharmacy_license_number,
    hasLicenseDocument: Boolean(row.license_document),
    pendingChange: toPendingChange(pending),
    tokens: token ? [{ token }] : [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A sign-up or profile form (the shared auth form posts every key). The fields every account has
 * are checked here, in the order a person fills them in; which of the other fields a role takes,
 * and their rules, depend on the role (fields.ts: checked by the sign-up schema of each role, and by
 * the service for a profile edit, whose role is the signed-in person's). `image`, `certificate` and
 * (sign-up) `licenseDocument` are files.
 */
const roleFields = {
  blood_type: sentText().describe('Patients'),
  height: sentText().describe('Patients: cm'),
  weight: sentText().describe('Patients: kg'),
  specialization: sentText().describe('Doctors: a department'),
  location: sentText().describe('Doctors and pharmacists: the address'),
  officeNumber: sentText().describe('Doctors'),
  about: sentText().describe('Doctors'),
  pharmacyName: sentText().describe('Pharmacists'),
  pharmacyLocation: sentText().describe('Pharmacists'),
  workingDate: sentText().describe('Pharmacists'),
};
export const signupBody = z.object({
  name: checked(nameRule),
  username: checked(usernameRule),
  email: checked(emailRule),
  password: newPassword(),
  phone: checked(phoneRule),
  country: checked(upTo('Country', 100)),
  government: checked(upTo('Government', 100)),
  gender: checked(genderRule).describe('female or male'),
  ...roleFields,
  licenseNumber: sentText().describe('Doctors and pharmacists'),
  pharmacyLicenseNumber: sentText().describe('Pharmacists'),
});
/** A role's sign-up: the fields every account has, then the role's own fields and licence (fields.ts). */
export const signupBodyFor = (role: Role) =>
  signupBody.superRefine((form, ctx) => {
    roleColumns(role, form, false, ctx);
  });
/** A profile edit: a field left out (or sent as a placeholder) stays as it is. */
export const profileBody = z.object({
  name: patched(nameRule),
  username: patched(usernameRule),
  email: patched(emailRule),
  password: patchedPassword().describe('A new password (left empty: unchanged)'),
  phone: patched(phoneRule),
  country: patched(upTo('Country', 100)),
  government: patched(upTo('Government', 100)),
  gender: patched(genderRule).describe('female or male'),
  ...roleFields,
  licenseNumber: sentText().describe('Doctors and pharmacists: a new licence number waits for an administrator'),
  pharmacyLicenseNumber: sentText().describe('Pharmacists: a new pharmacy licence number waits for an administrator'),
  currentPassword: sentText().describe('Needed for a new email or password'),
});
/** The licence a professional gives after signing up (checked by the service, for her role). */
export const licenceBody = z.object({
  licenseNumber: sentText().describe('Doctors and pharmacists'),
  pharmacyLicenseNumber: sentText().describe('Pharmacists'),
});
/** The fields of either form, as checked (a profile edit's may be left out). */
export type AccountFields = Partial<z.output<typeof signupBody> & z.output<typeof profileBody>>;
export const loginBody = z.object({ email: sentText(), password: sentText() }).superRefine((form, ctx) => {
  if (!cleanField(form.email) || !form.password) refuse(ctx, 'Please enter your email and password');
});
export const codeLoginBody = z
  .object({
    challenge: sentText().describe('From the password step'),
    code: sentText().describe('From the authenticator app, or a recovery code'),
  })
  .superRefine((form, ctx) => {
    if (!cleanField(form.challenge) || !cleanField(form.code)) refuse(ctx, 'Please enter the code from your authenticator app');
  });
/** The language she chooses for emails and notifications: en or ar, in any case. */
export const languageBody = z.object({
  language: checked((text, ctx) => {
    const language = text.toLowerCase();
    return isLanguage(language) ? language : refuse(ctx, 'Please choose a language the portal writes in: en (English) or ar (Arabic)');
  }).describe('en or ar'),
});
