/** See fresh-schema.mjs: a fresh PostgreSQL schema and the DATABASE_URL that uses it. */
export function freshSchema(base: string, prefix?: string): Promise<{ url: string; drop: () => Promise<void> }>;
