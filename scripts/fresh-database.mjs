import pg from 'pg';

/**
 * A fresh, empty PostgreSQL database on the server of `base` (a DATABASE_URL), so that a test file,
 * a journey or a benchmark never sees another's rows or real data. Returns its DATABASE_URL, and
 * `drop` to remove it with everything in it.
 *
 * A database rather than a schema: Kysely's migrator looks at the tables of every schema of its
 * database, and a schema dropped by another test file at that moment fails it ("schema … does not
 * exist"), so test files running side by side each need a database of their own.
 * The one copy: tests/server/helpers.ts, tests/e2e/harness.ts and bench/portal.mjs all use it.
 */
export async function freshDatabase(base, prefix = 't') {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(base, (client) => client.query(`create database ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(base, (client) => client.query(`drop database if exists ${name} with (force)`)),
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
