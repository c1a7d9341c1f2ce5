import { i18n } from '../i18n';

/** The clinic's departments, in the order the doctors page shows them. */
export const departments = ['Dental', 'Gynaecology', 'Eye', 'Cardiology', 'Orthopaedics', 'Gastroenterology', 'Neurology', 'Medicine'] as const;

export type Department = (typeof departments)[number];

/** A department's name in the chosen language (a name the clinic does not list stays as it is). */
export const departmentName = (name: string): string => i18n.t(`departments.${name}`, { defaultValue: name });
