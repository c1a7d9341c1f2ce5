import type { User } from '../session';

/** Profile fields a person can change (the server ignores anything else). */
export const profileTextFields = [
  'name',
  'username',
  'email',
  'phone',
  'country',
  'government',
  'about',
  'pharmacyLocation',
  'workingDate',
  // A professional's department and licence numbers: a change waits for the clinic's review.
  'specialization',
  'licenseNumber',
  'pharmacyLicenseNumber',
] as const;
export type ProfileTextField = (typeof profileTextFields)[number];
export type ProfileValues = Record<ProfileTextField, string> & { password: string };

export function profileValuesOf(user: User | null): ProfileValues {
  const values = { password: '' } as ProfileValues;
  for (const field of profileTextFields) {
    const v = user?.[field];
    values[field] = typeof v === 'string' ? v : '';
  }
  return values;
}

/**
 * Only what differs from the stored user is sent; a password only when one was typed, files
 * only when chosen.
 */
export function profileChanges(user: User | null, values: ProfileValues, files: { image?: File; certificate?: File }): Record<string, string | Blob> {
  const before = profileValuesOf(user);
  const changes: Record<string, string | Blob> = {};
  for (const field of profileTextFields) {
    if (values[field] !== before[field]) changes[field] = values[field];
  }
  if (values.password) changes.password = values.password;
  if (files.image) changes.image = files.image;
  if (files.certificate) changes.certificate = files.certificate;
  return changes;
}
