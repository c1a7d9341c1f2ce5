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
  patient: {
    text: ['name', 'username', 'email', 'password', 'phone', 'height', 'weight'],
    gender: true,
    bloodType: true,
    specialization: false,
    certificate: false,
  },
  doctor: {
    text: ['name', 'username', 'email', 'password', 'phone', 'location', 'officeNumber', 'licenseNumber'],
    gender: true,
    bloodType: false,
    specialization: true,
    certificate: true,
  },
  pharmacist: {
    text: ['name', 'username', 'email', 'password', 'phone', 'location', 'pharmacyName', 'licenseNumber', 'pharmacyLicenseNumber'],
    gender: false,
    bloodType: false,
    specialization: false,
    certificate: true,
  },
};

/** How each text field is typed; its label (and its placeholder, where `hint` is set) live in the auth texts. */
export const textFieldInfo: Record<TextField, { type: string; autoComplete?: string; hint?: true }> = {
  name: { type: 'text', autoComplete: 'name' },
  username: { type: 'text', autoComplete: 'username' },
  email: { type: 'email', autoComplete: 'email' },
  password: { type: 'password', autoComplete: 'new-password', hint: true },
  phone: { type: 'tel', autoComplete: 'tel' },
  location: { type: 'text', autoComplete: 'street-address' },
  pharmacyName: { type: 'text' },
  officeNumber: { type: 'text' },
  height: { type: 'text', hint: true },
  weight: { type: 'text', hint: true },
  licenseNumber: { type: 'text', hint: true },
  pharmacyLicenseNumber: { type: 'text', hint: true },
};

/** Redirect delay to the login page after a successful signup. */
export const registrationRedirectMs: Record<RegistrationKind, number> = { patient: 1000, doctor: 1000, pharmacist: 500 };
