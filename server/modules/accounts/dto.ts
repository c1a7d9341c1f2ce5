import { z } from 'zod';
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
