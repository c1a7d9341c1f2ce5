/** True when a write failed on a unique index, in SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Which unique index was hit, when the driver says (index name for PostgreSQL, columns for SQLite). */
export function violatedConstraint(error: unknown): string {
  const e = error as { constraint?: string; message?: string };
  return e?.constraint ?? e?.message ?? '';
}
