/** True when a write failed on a unique index, in SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Network errors that mean the database server is out of reach (not a bug in a query). */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * True when a query failed because PostgreSQL is unreachable, restarting or refusing connections:
 * a connection that dropped, a pool that could not connect in time, a server shutting down
 * (57P01–57P03), a connection exception (class 08), too many connections (53300) or a database
 * closed to connections for maintenance (`allow_connections false`: 55000 with that message).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (unreachableCodes.has(code) || /^57P0[123]$/.test(code) || code.startsWith('08') || code === '53300') return true;
  if (code === '55000' && /not currently accepting connections/i.test(message)) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i.test(
    message,
  );
}

/** True when a write failed because the disk (or the database's share of it) is full. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}

/** True when a write failed because the data folder (or the database file) is read-only. */
export function isStorageReadOnly(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EROFS' || (typeof code === 'string' && code.startsWith('SQLITE_READONLY'));
}
