import { z } from 'zod';
import { sentText } from '../../lib/form-schema.js';
import type { UsersTable } from '../../db/schema.js';
import type { ImageStore } from '../../storage/images.js';

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
  status: z.enum(['pending', 'approved', 'rejected', 'suspended']),
  /** Why an application was rejected or an account suspended (empty otherwise). */
  statusReason: z.string(),
  licenseNumber: z.string(),
  pharmacyLicenseNumber: z.string(),
  /** Whether a licence document is on file (it is never public; administrators open it). */
  hasLicenseDocument: z.boolean(),
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

export function toUserDto(row: UsersTable, token: string | null, images: ImageStore): UserDto {
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
    tokens: token ? [{ token }] : [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A sign-up or profile form (the shared auth form posts every key). Which fields a role takes and
 * which are required depend on the role and on whether it is a sign-up, so fields.ts checks them;
 * `image`, `certificate` and (sign-up) `licenseDocument` are files.
 */
const profileFields = {
  name: sentText(),
  username: sentText(),
  email: sentText(),
  password: sentText(),
  phone: sentText(),
  country: sentText(),
  government: sentText(),
  gender: sentText().describe('female or male'),
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
  ...profileFields,
  licenseNumber: sentText().describe('Doctors and pharmacists'),
  pharmacyLicenseNumber: sentText().describe('Pharmacists'),
});
export const profileBody = z.object({ ...profileFields, currentPassword: sentText().describe('Needed for a new email or password') });
export type AccountFields = z.output<typeof signupBody> & z.output<typeof profileBody>;
export const loginBody = z.object({ email: sentText(), password: sentText() });
export const codeLoginBody = z.object({
  challenge: sentText().describe('From the password step'),
  code: sentText().describe('From the authenticator app, or a recovery code'),
});
export const languageBody = z.object({ language: sentText().describe('en or ar') });
