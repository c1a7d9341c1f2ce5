/** Who can sign up; administrators are made with `npm run admin:create`. */
export const REGISTRATION_KINDS = ['patient', 'doctor', 'pharmacist'] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];
export type Role = RegistrationKind | 'admin';

/** Professionals start pending and act only once an administrator approved them; anyone can be suspended. */
export const ACCOUNT_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * A professional's change of name, department or licence number waiting for an administrator (only
 * the fields it changes are there); until it is approved the account is listed under its current values.
 */
export interface PendingProfileChange {
  name?: string;
  specialization?: string;
  licenseNumber?: string;
  pharmacyLicenseNumber?: string;
  requestedAt: string;
}

/**
 * The details a person gives about herself, kept in the users table and returned by the API under
 * the same names (the API's other fields are camelCase). `image` and `certificate` are a stored
 * picture's name in the table and its address in the API.
 */
export interface AccountDetails {
  name: string;
  username: string;
  email: string;
  phone: string;
  gender: string;
  blood_type: string;
  height: string;
  weight: string;
  country: string;
  government: string;
  image: string;
  certificate: string;
  location: string;
  specialization: string;
  about: string;
}
