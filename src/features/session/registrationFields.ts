import type { RegistrationKind } from './types';

/** Blood types as people read them, and the codes the signup call sends. */
export const bloodTypeOptions = [
  { label: 'A+', value: '+A' },
  { label: 'A-', value: '-A' },
  { label: 'B+', value: '+B' },
  { label: 'B-', value: '-B' },
  { label: 'O+', value: '+0' },
  { label: 'O-', value: '-0' },
  { label: 'AB+', value: '+AB' },
  { label: 'AB-', value: '-AB' },
] as const;

/** Image types a certificate may be, as the file picker offers them. */
export const certificateAccept = '.png,.gif,.jpeg,.jpg,image/png,image/gif,image/jpeg';

export type TextField =
  | 'name'
  | 'username'
  | 'email'
  | 'password'
  | 'phone'
  | 'location'
  | 'pharmacyName'
  | 'officeNumber'
  | 'height'
  | 'weight'
  | 'licenseNumber'
  | 'pharmacyLicenseNumber';

/** A licence document may be a PDF or an image (the server checks the bytes). */
export const licenseDocumentAccept = '.pdf,.png,.gif,.jpeg,.jpg,application/pdf,image/png,image/gif,image/jpeg';

/** Which fields each registration page asks for (the server reads only its role's fields). */
export const registrationFields: Record<
  RegistrationKind,
  { text: TextField[]; gender: boolean; bloodType: boolean; specialization: boolean; certificate: boolean }
> = {
  patient: { text: ['name', 'username', 'email', 'password', 'phone', 'height', 'weight'], gender: true, bloodType: true, specialization: false, certificate: false },
  doctor: { text: ['name', 'username', 'email', 'password', 'phone', 'location', 'officeNumber', 'licenseNumber'], gender: true, bloodType: false, specialization: true, certificate: true },
  pharmacist: { text: ['name', 'username', 'email', 'password', 'phone', 'location', 'pharmacyName', 'licenseNumber', 'pharmacyLicenseNumber'], gender: false, bloodType: false, specialization: false, certificate: true },
};

export const textFieldInfo: Record<TextField, { label: string; type: string; autoComplete?: string; hint?: string }> = {
  name: { label: 'Full name *', type: 'text', autoComplete: 'name' },
  username: { label: 'Username *', type: 'text', autoComplete: 'username' },
  email: { label: 'Email *', type: 'email', autoComplete: 'email' },
  password: { label: 'Password *', type: 'password', autoComplete: 'new-password', hint: 'At least 8 characters' },
  phone: { label: 'Phone', type: 'tel', autoComplete: 'tel' },
  location: { label: 'Address', type: 'text', autoComplete: 'street-address' },
  pharmacyName: { label: 'Pharmacy name *', type: 'text' },
  officeNumber: { label: 'Office number', type: 'text' },
  height: { label: 'Height (cm)', type: 'text', hint: 'ex: 170' },
  weight: { label: 'Weight (kg)', type: 'text', hint: 'ex: 68' },
  licenseNumber: { label: 'Licence number *', type: 'text', hint: 'Your syndicate registration number; the clinic checks it before your account is listed' },
  pharmacyLicenseNumber: { label: 'Pharmacy licence number *', type: 'text', hint: 'The licence of the pharmacy that sells' },
};

export const registrationTitles: Record<RegistrationKind, string> = {
  patient: 'Register',
  doctor: 'Doctor registration',
  pharmacist: 'Pharmacist registration',
};

/** Redirect delay to the login page after a successful signup. */
export const registrationRedirectMs: Record<RegistrationKind, number> = { patient: 1000, doctor: 1000, pharmacist: 500 };
