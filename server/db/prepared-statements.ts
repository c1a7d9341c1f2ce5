import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * A pool whose connections keep each query prepared on the server after its first run, the way
 * statement-cache.ts does for SQLite. Kysely sends every query unnamed, so PostgreSQL parses and
 * plans it each time; naming it (by a hash of its text) makes pg send Parse once per connection and
 * only Bind/Execute after that. The portal sends a small, fixed set of texts (values are always
 * parameters), and each connection keeps at most `perConnection` of them; beyond that a text runs
 * unnamed as before. Only plain data statements are named: transaction control and schema changes
 * are not worth keeping.
 *
 * Behind a connection pooler in transaction mode (PgBouncer before 1.21) a prepared statement
 * would not follow the session: such a pooler must run in session mode.
 */
export function preparingPool(pool: pg.Pool, perConnection = 400): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
      // The texts are few; the bound only guards against a caller building texts from data.
      if (names.size > 5_000) names.clear();
      names.set(text, name);
    }
    return name;
  };
  const preparable = /^\s*(select|insert|update|delete|with)\b/i;

  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        // Statements prepared on this connection; it is a fresh session when the pool replaces it.
        const prepared = new Set<string>();
        wrapper = {
          query: ((textOrCursor: unknown, values?: ReadonlyArray<unknown>) => {
            if (typeof textOrCursor !== 'string' || !preparable.test(textOrCursor)) {
              return typeof textOrCursor === 'string' ? client.query(textOrCursor, values as unknown[]) : client.query(textOrCursor as never);
            }
            const name = nameOf(textOrCursor);
            if (!prepared.has(name)) {
              if (prepared.size >= perConnection) return client.query(textOrCursor, values as unknown[]);
              prepared.add(name);
            }
            return client.query({ name, text: textOrCursor, values: values as unknown[] });
          }) as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
