/** Who can sign up; administrators are made with `npm run admin:create`. */
export type RegistrationKind = 'patient' | 'doctor' | 'pharmacist';
export type Role = RegistrationKind | 'admin';
/** Professionals act only once an administrator approved them. */
export type AccountStatus = 'pending' | 'approved' | 'rejected' | 'suspended';

/** The signed-in account as the server returns it (never a password). */
export interface User {
  _id: string;
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
  address: string;
  pharmacyName: string;
  pharmacyLocation: string;
  workingDate: string;
  officeNumber: string;
  specialization: string;
  about: string;
  roles: string[];
  status?: AccountStatus;
  statusReason?: string;
  tokens: Array<{ token: string }>;
  [field: string]: unknown;
}

/** What the server says beside the user at login and startup: drives the verify and two-factor banners. */
export interface AccountSecurity {
  emailVerified: boolean;
  twoFactor: boolean;
  twoFactorRequired: boolean;
  verifiedEmailRequired: boolean;
}
