import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, startTestServer, type Account, type TestServer } from './helpers.js';

/**
 * Another process holds the SQLite file locked (a backup tool, a shell left in a transaction): the
 * server answers 503 with Retry-After within DB_BUSY_TIMEOUT_MS instead of hanging or failing with
 * 500, health says the database is busy, and all is served again once the lock is gone.
 */
const onSqlite = !process.env.DATABASE_URL;
const busyTimeoutMs = 800;

describe.skipIf(!onSqlite)('SQLite locked by another process', () => {
  let server: TestServer;
  let patient: Account;
  let other: SqliteDatabase.Database | undefined;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { DB_BUSY_TIMEOUT_MS: String(busyTimeoutMs) } });
    patient = await signUpAndLogin(server.app, 'patient');
  });
  afterAll(async () => {
    other?.close();
    await server?.close();
  });

  const lockDatabase = () => {
    other = new SqliteDatabase(path.join(server.config.dataDir, 'portal.sqlite'));
    other.pragma('busy_timeout = 0');
    // Holds the write lock, as another process in the middle of a write does; in WAL mode readers go on.
    other.exec('begin immediate; create table if not exists held_by_another_process (id integer); insert into held_by_another_process values (1)');
  };
  const unlockDatabase = () => {
    other?.exec('rollback');
    other?.close();
    other = undefined;
  };
  const timed = async (request: InjectOptions) => {
    const started = performance.now();
    const res = await server.app.inject(request);
    return { res, ms: performance.now() - started };
  };

  it('answers writes and health with 503 and Retry-After within the busy timeout, reads on, and serves again once unlocked', async () => {
    lockDatabase();
    try {
      const health = await timed({ method: 'GET', url: '/api/health' });
      expect(health.res.statusCode, health.res.body).toBe(503);
      expect(health.res.json()).toMatchObject({ status: 'unavailable', database: 'busy' });
      expect(health.ms).toBeLessThan(busyTimeoutMs + 700);

      // An unknown parameter skips the response cache: the read goes to the database, and is answered.
      const read = await timed({ method: 'GET', url: `/api/doctors?uncached=${Math.random()}` });
      expect(read.res.statusCode, read.res.body).toBe(200);
      expect(read.ms).toBeLessThan(busyTimeoutMs);

      for (const request of [
        { method: 'POST' as const, url: '/api/auth/login', payload: { email: patient.email, password: patient.password } },
        { method: 'POST' as const, url: '/api/notifications/read', headers: { authorization: `Bearer ${patient.token}` }, payload: { all: true } },
      ]) {
        const { res, ms } = await timed(request);
        expect(res.statusCode, `${request.url}: ${res.body}`).toBe(503);
        expect(res.headers['retry-after'], request.url).toBeDefined();
        expect(res.json().message, request.url).toMatch(/busy/i);
        expect(ms, request.url).toBeLessThan(busyTimeoutMs + 700);
      }
    } finally {
      unlockDatabase();
    }
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', database: 'up' });
    const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: patient.email, password: patient.password } });
    expect(login.statusCode, login.body).toBe(200);
  }, 60_000);
});

/**
 * PostgreSQL refusing connections to the portal's database (`allow_connections false` during
 * maintenance, SQLSTATE 55000): 503 with the database-unreachable message, never 500.
 */
describe.skipIf(onSqlite)('PostgreSQL refusing connections to the database (runs when DATABASE_URL is set)', () => {
  let server: TestServer;
  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    if (server) await adminQuery(`alter database ${databaseName(server)} allow_connections true`);
    await server?.close();
  });

  const databaseName = (s: TestServer) => new URL(s.config.databaseUrl!).pathname.slice(1);

  it('answers 503 with Retry-After while connections are refused, and serves again when they are allowed', async () => {
    const name = databaseName(server);
    await adminQuery(`alter database ${name} allow_connections false`);
    await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
    const during = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.test', password: 'whatever1' } });
    expect(during.statusCode, during.body).toBe(503);
    expect(during.headers['retry-after']).toBeDefined();
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'unavailable', database: 'down' });

    await adminQuery(`alter database ${name} allow_connections true`);
    const after = await server.app.inject({ method: 'GET', url: `/api/doctors?uncached=${Math.random()}` });
    expect(after.statusCode, after.body).toBe(200);
  }, 60_000);
});
