import { badRequest } from '../../lib/errors.js';
import { toDepartment, departments } from '../../lib/departments.js';
import { normalizeName, refuseMixedScripts } from '../../lib/names.js';

/** Field rules shared by signup and profile edits, each with the message a person sees. */

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A name normalized so it cannot pass for someone else's (see lib/names.ts), then checked. */
export function checkName(raw: string): string {
  const name = normalizeName(raw);
  if (!name) throw badRequest('Please enter your name');
  refuseMixedScripts(name);
  if (name.length > 100) throw badRequest('The name must be at most 100 characters');
  if (name.includes('/')) throw badRequest('The name cannot contain "/"');
  return name;
}

export function checkUsername(username: string): string {
  if (!username) throw badRequest('Please choose a username');
  if (!/^[A-Za-z0-9._-]{3,40}$/.test(username)) {
    throw badRequest('The username must be 3 to 40 letters, digits, dots, dashes or underscores');
  }
  return username;
}

export function checkEmail(email: string): string {
  if (!email) throw badRequest('Please enter your email');
  if (email.length > 254 || !emailPattern.test(email)) throw badRequest('Please enter a valid email address');
  return email.toLowerCase();
}

export function checkPassword(password: string): string {
  if (!password) throw badRequest('Please choose a password');
  if (password.length < 8) throw badRequest('The password must be at least 8 characters');
  if (password.length > 128) throw badRequest('The password must be at most 128 characters');
  return password;
}

export function checkPhone(phone: string): string {
  if (phone && !/^[+\d][\d\s()-]{5,24}$/.test(phone)) throw badRequest('Please enter a valid phone number');
  return phone;
}

export function checkGender(gender: string): string {
  const g = gender.toLowerCase();
  if (g && g !== 'male' && g !== 'female') throw badRequest('Gender must be male or female');
  return g;
}

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

export function checkText(value: string, label: string, max = 2000): string {
  if (value.length > max) throw badRequest(`${label} must be at most ${max} characters`);
  return value;
}

/** A licence number as printed on a syndicate card or a pharmacy licence: letters, digits, spaces, / and -. */
export function checkLicense(value: string, label: string): string {
  const v = value.replace(/\s+/g, ' ').trim();
  if (!v) throw badRequest(`Please enter your ${label.toLowerCase()}`);
  if (!/^[\p{L}\p{N}][\p{L}\p{N} /-]{1,49}$/u.test(v)) throw badRequest(`The ${label.toLowerCase()} must be 2 to 50 letters, digits, spaces, "/" or "-"`);
  return v;
}
