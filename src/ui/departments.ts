/** The clinic's departments, in the order the doctors page shows them. */
export const departments = [
  'Dental',
  'Gynaecology',
  'Eye',
  'Cardiology',
  'Orthopaedics',
  'Gastroenterology',
  'Neurology',
  'Medicine',
] as const;

export type Department = (typeof departments)[number];
