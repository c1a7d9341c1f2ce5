import type { AccountDetails, AccountStatus, PendingProfileChange } from '../../../shared/account';

export type { AccountStatus, PendingProfileChange, RegistrationKind, Role } from '../../../shared/account';

/** The signed-in account as the server returns it (never a password). */
export interface User extends AccountDetails {
  _id: string;
  address: string;
  pharmacyName: string;
  pharmacyLocation: string;
  workingDate: string;
  officeNumber: string;
  roles: string[];
  status?: AccountStatus;
  statusReason?: string;
  /** A change of name, department or licence number waiting for the clinic (professionals only). */
  pendingChange?: PendingProfileChange | null;
  /** A professional's licence: given at sign-up or later from the settings; approval waits for it. */
  licenseNumber?: string;
  pharmacyLicenseNumber?: string;
  hasLicenseDocument?: boolean;
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
