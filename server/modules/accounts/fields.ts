import type { z } from 'zod';
import type { Role, UsersTable } from '../../db/schema.js';
import { applyRule, refuse, upTo, type FieldRule } from '../../lib/form-schema.js';
import { cleanField, notSent } from '../../lib/form-text.js';
import { toDepartment, departments } from '../../lib/departments.js';
import { isProfessional } from '../../plugins/auth.js';

/**
 * The rules of the fields only some roles take (a role's own profile fields and the licence), each
 * with the message a person sees; the fields every account has are checked by the body's schema
 * (dto.ts, with the rules of lib/form-schema.ts). A sign-up route knows its role, so its body
 * schema applies `roleColumns`; a profile edit's role is the signed-in person's, so the service
 * applies the same function (`checkRoleColumns`).
 */

const bloodTypes: Record<string, string> = {
  '+A': 'A+',
  '-A': 'A-',
  '+B': 'B+',
  '-B': 'B-',
  '+0': 'O+',
  '-0': 'O-',
  '+O': 'O+',
  '-O': 'O-',
  '+AB': 'AB+',
  '-AB': 'AB-',
};

/** Accepts the client's `+A` … `-AB ` (even with the trailing space) and `A+` … `AB-`; stores `A+` style. */
export const bloodTypeRule: FieldRule<string> = (value, ctx) => {
  const v = value.replace(/\s+/g, '').toUpperCase();
  if (!v) return '';
  if (bloodTypes[v]) return bloodTypes[v];
  const display = v.replace(/^0/, 'O');
  if (Object.values(bloodTypes).includes(display)) return display;
  return refuse(ctx, 'Blood type must be one of A+, A-, B+, B-, O+, O-, AB+, AB-');
};

/** A body measure up to `max` ('' passes: not given); a decimal comma is read as a point. */
export const measureRule =
  (label: string, max: number): FieldRule<string> =>
  (value, ctx) => {
    if (!value) return '';
    const n = Number(value.replace(',', '.'));
    if (!Number.isFinite(n) || n <= 0 || n > max) return refuse(ctx, `${label} must be a number between 1 and ${max}`);
    return String(n);
  };

/** One of the clinic's departments, in any case. */
export const specializationRule: FieldRule<string> = (value, ctx) =>
  toDepartment(value) ?? refuse(ctx, `Specialization must be one of: ${departments.join(', ')}`);

/** A licence number as printed on a syndicate card or a pharmacy licence: letters, digits, spaces, / and -. */
export const licenseRule =
  (label: string): FieldRule<string> =>
  (value, ctx) => {
    const v = value.replace(/\s+/g, ' ').trim();
    if (!v) return refuse(ctx, `Please enter your ${label.toLowerCase()}`);
    if (!/^[\p{L}\p{N}][\p{L}\p{N} /-]{1,49}$/u.test(v)) return refuse(ctx, `The ${label.toLowerCase()} must be 2 to 50 letters, digits, spaces, "/" or "-"`);
    return v;
  };

/** Which optional fields each role's signup and profile take (contract §9.14: only the role's own fields). */
const roleFields: Record<Role, readonly string[]> = {
  patient: ['blood_type', 'height', 'weight'],
  doctor: ['specialization', 'location', 'officeNumber', 'about'],
  pharmacist: ['pharmacyName', 'location', 'pharmacyLocation', 'workingDate'],
  admin: [],
};

/**
 * The role's own columns from a sign-up form (`partial` false: the role's required fields must be
 * there) or a profile edit (`partial`: a field left out stays as it is; the licence cannot change),
 * checked in the order of the form; the first refusal is the one a person reads.
 */
export function roleColumns(role: Role, fields: Partial<Record<string, string>>, partial: boolean, ctx: z.RefinementCtx): Partial<UsersTable> {
  const allowed = new Set<string>(roleFields[role]);
  const out: Partial<UsersTable> = {};
  const present = (key: string) => allowed.has(key) && (!partial || !notSent(fields[key]));
  const value = (key: string) => cleanField(fields[key]);
  const text = (key: string, label: string, max: number) => upTo(label, max)(value(key), ctx);

  if (present('blood_type')) out.blood_type = bloodTypeRule(value('blood_type'), ctx);
  if (present('height')) out.height = measureRule('Height (cm)', 300)(value('height'), ctx);
  if (present('weight')) out.weight = measureRule('Weight (kg)', 500)(value('weight'), ctx);
  if (role === 'doctor' && (!partial || present('specialization'))) out.specialization = specializationRule(value('specialization'), ctx);
  if (present('location')) out.location = text('location', 'Address', 300);
  if (present('officeNumber')) out.office_number = text('officeNumber', 'Office number', 50);
  if (present('about')) out.about = text('about', 'About', 5000);
  if (present('pharmacyName')) out.pharmacy_name = text('pharmacyName', 'Pharmacy name', 150);
  if (present('pharmacyLocation')) out.pharmacy_location = text('pharmacyLocation', 'Pharmacy location', 300);
  if (present('workingDate')) out.working_date = text('workingDate', 'Working date', 100);
  if (role === 'pharmacist' && !partial && !out.pharmacy_name) refuse(ctx, 'Please enter the pharmacy name');
  // The licence may come with the sign-up or later (the existing client's form has no field for it:
  // licenceColumns, from the settings); an administrator approves only once it is there. A profile
  // edit may change a licence number it sends; an approved professional's change waits for an
  // administrator's review (accounts/service.ts).
  if (isProfessional(role) && !partial) Object.assign(out, licenceColumns(role, fields, ctx, { required: false }));
  const sent = (key: string) => partial && !notSent(fields[key]);
  if (isProfessional(role) && sent('licenseNumber')) out.license_number = licenseRule('Licence number')(value('licenseNumber'), ctx);
  if (role === 'pharmacist' && sent('pharmacyLicenseNumber')) {
    out.pharmacy_license_number = licenseRule('Pharmacy licence number')(value('pharmacyLicenseNumber'), ctx);
  }
  return out;
}

/**
 * The licence numbers of a professional: a doctor's licence, and a pharmacist's own and her
 * pharmacy's. `required` false (a sign-up): a number left empty stays empty, to be given later.
 */
export function licenceColumns(role: Role, fields: Partial<Record<string, string>>, ctx: z.RefinementCtx, options: { required: boolean }): Partial<UsersTable> {
  const out: Partial<UsersTable> = {};
  const given = (key: string) => options.required || Boolean(cleanField(fields[key]));
  if (isProfessional(role)) out.license_number = given('licenseNumber') ? licenseRule('Licence number')(cleanField(fields.licenseNumber), ctx) : '';
  if (role === 'pharmacist')
    out.pharmacy_license_number = given('pharmacyLicenseNumber') ? licenseRule('Pharmacy licence number')(cleanField(fields.pharmacyLicenseNumber), ctx) : '';
  return out;
}

/** What an administrator needs before approving a professional, as the first thing missing; undefined when nothing is. */
export function missingForApproval(user: Pick<UsersTable, 'role' | 'license_number' | 'pharmacy_license_number' | 'license_document'>): string | undefined {
  if (!isProfessional(user.role)) return undefined;
  if (!user.license_number) return 'This account has no licence number yet: it cannot be approved until the applicant gives it from the settings';
  if (user.role === 'pharmacist' && !user.pharmacy_license_number)
    return 'This account has no pharmacy licence number yet: it cannot be approved until the applicant gives it from the settings';
  if (!user.license_document) return 'This account has no licence document yet: it cannot be approved until the applicant uploads it from the settings';
  return undefined;
}

/** roleColumns outside a schema (a profile edit): the columns, or a 400 with the first refusal. */
export const checkRoleColumns = (role: Role, fields: Partial<Record<string, string>>, partial: boolean): Partial<UsersTable> =>
  applyRule((_text, ctx) => roleColumns(role, fields, partial, ctx), '');
