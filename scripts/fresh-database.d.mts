/** See fresh-database.mjs: a fresh PostgreSQL database and the DATABASE_URL that uses it. */
export function freshDatabase(base: string, prefix?: string): Promise<{ url: string; drop: () => Promise<void> }>;
