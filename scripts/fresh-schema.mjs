import pg from 'pg';

/**
 * A fresh, empty PostgreSQL schema on the server of `base` (a DATABASE_URL), so that a test file,
 * a journey or a benchmark never sees another's rows or real data. Returns a DATABASE_URL whose
 * search_path is that schema, and `drop` to remove it with everything in it.
 * The one copy: tests/server/helpers.ts, tests/e2e/harness.ts and bench/portal.mjs all use it.
 */
export async function freshSchema(base, prefix = 't') {
  const schema = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(base, (client) => client.query(`create schema ${schema}`));
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: () => withClient(base, (client) => client.query(`drop schema if exists ${schema} cascade`)),
  };
}

async function withClient(connectionString, work) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
