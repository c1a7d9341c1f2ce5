import { badRequest } from '../../lib/errors.js';
import { applyRule, upTo } from '../../lib/form-schema.js';
import { toDepartment, departments } from '../../lib/departments.js';

/**
 * The rules of the fields only some roles take (a role's own profile fields and the licence), each
 * with the message a person sees; the fields every account has are checked by the body's schema
 * (dto.ts, with the rules of lib/form-schema.ts).
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
export function checkBloodType(value: string): string {
  const v = value.replace(/\s+/g, '').toUpperCase();
  if (!v) return '';
  if (bloodTypes[v]) return bloodTypes[v];
  const display = v.replace(/^0/, 'O');
  if (Object.values(bloodTypes).includes(display)) return display;
  throw badRequest('Blood type must be one of A+, A-, B+, B-, O+, O-, AB+, AB-');
}

export function checkMeasure(value: string, label: string, max: number): string {
  if (!value) return '';
  const n = Number(value.replace(',', '.'));
  if (!Number.isFinite(n) || n <= 0 || n > max) throw badRequest(`${label} must be a number between 1 and ${max}`);
  return String(n);
}

export function checkSpecialization(value: string): string {
  const d = toDepartment(value);
  if (!d) throw badRequest(`Specialization must be one of: ${departments.join(', ')}`);
  return d;
}

export const checkText = (value: string, label: string, max = 2000): string => applyRule(upTo(label, max), value);

/** A licence number as printed on a syndicate card or a pharmacy licence: letters, digits, spaces, / and -. */
export function checkLicense(value: string, label: string): string {
  const v = value.replace(/\s+/g, ' ').trim();
  if (!v) throw badRequest(`Please enter your ${label.toLowerCase()}`);
  if (!/^[\p{L}\p{N}][\p{L}\p{N} /-]{1,49}$/u.test(v)) throw badRequest(`The ${label.toLowerCase()} must be 2 to 50 letters, digits, spaces, "/" or "-"`);
  return v;
}
