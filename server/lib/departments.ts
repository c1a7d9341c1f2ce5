/** The clinic's departments; doctors' specializations are exactly these names. */
export const departments = ['Dental', 'Gynaecology', 'Eye', 'Cardiology', 'Orthopaedics', 'Gastroenterology', 'Neurology', 'Medicine'] as const;
export type Department = (typeof departments)[number];

/** Matches a department case-insensitively, so `dental` and `Dental` name the same one. */
export function toDepartment(value: string): Department | null {
  const wanted = value.trim().toLowerCase();
  return departments.find((d) => d.toLowerCase() === wanted) ?? null;
}
