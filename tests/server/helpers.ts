import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../../scripts/fresh-database.mjs';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { migrateToLatest, openDatabase, type OpenedDatabase } from '../../server/db/index.js';
import { seedIfEmpty } from '../../server/db/seed/index.js';
import type { App } from '../../server/types.js';

export interface TestServer {
  app: App;
  config: Config;
  database: OpenedDatabase;
  close(): Promise<void>;
}

/**
 * A real server on a real database for one test file: a fresh SQLite file, or a fresh PostgreSQL
 * database when DATABASE_URL is set (so test files never see each other's rows).
 */
export async function startTestServer(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    /** Changes the opened database before the app is built on it. */ adapt?: (database: OpenedDatabase) => void;
    /** A data folder the test made (and removes) itself, such as a small file system of its own. */
    dataDir?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const schema = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const databaseUrl = schema?.url;
  const config = loadConfig(
    // Test files create many accounts from one address; the sign-up limit has its own test.
    {
      ...process.env,
      LOG_LEVEL: 'silent',
      SIGNUP_MAX_PER_HOUR: '100000',
      GUEST_REQUESTS_MAX_PER_HOUR: '100000',
      // Test files run side by side on one Redis: each server's keys and channels are its own.
      REDIS_PREFIX: `test-${path.basename(dataDir)}`,
      ...options.env,
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    },
    {},
  );
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  if (options.seed) await seedIfEmpty(database.db, config);
  options.adapt?.(database);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.db.destroy();
      await schema?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * With REDIS_URL an instance serves answers from memory (with their ETag) only once it listens for
 * other instances' invalidations; a test of cached answers waits for that first.
 */
export async function answerCacheListening(...apps: App[]) {
  for (let i = 0; i < 250 && !apps.every((a) => a.answers.usable()); i++) await new Promise((r) => setTimeout(r, 20));
  if (!apps.every((a) => a.answers.usable())) throw new Error('the invalidation channel did not come up');
}

/** Builds a multipart body the way the existing client's FormData does. */
export function multipart(fields: Record<string, string | { filename: string; content: Buffer; type?: string }>) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart request carrying a token, for app.inject. */
export function withToken(token: string, fields: Parameters<typeof multipart>[0] = {}) {
  const form = multipart(fields);
  return { payload: form.payload, headers: { ...form.headers, authorization: token } };
}

/** A 1×1 PNG, the smallest real image for upload tests. */
export const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Registers and logs in an account; returns its token and id. Doctors and pharmacists sign up
 * pending; they come out approved (as an administrator would leave them) unless `pending: true`.
 * `acceptLanguage` is the browser's language header at sign-up (it sets the account's language).
 */
export async function signUpAndLogin(
  app: App,
  role: 'patient' | 'doctor' | 'pharmacist',
  overrides: Record<string, string> = {},
  options: { pending?: boolean; acceptLanguage?: string } = {},
): Promise<{ token: string; id: string; email: string; password: string }> {
  const unique = Math.random().toString(36).slice(2, 9);
  const password = 'correct-horse-battery';
  const fields: Record<string, string> = {
    name: role === 'doctor' ? `Dr. Test ${unique}` : `Test ${role} ${unique}`,
    username: `${role}_${unique}`,
    email: `${role}.${unique}@example.test`,
    password,
    phone: '01001234567',
    country: 'Egypt',
    government: 'Cairo',
    gender: 'female',
    ...(role === 'doctor' ? { specialization: 'Cardiology', location: '12 Nile St', officeNumber: '101', licenseNumber: `EMS-${unique}` } : {}),
    ...(role === 'pharmacist'
      ? { pharmacyName: `Pharmacy ${unique}`, location: '5 Tahrir Sq', licenseNumber: `EPS-${unique}`, pharmacyLicenseNumber: `PH-${unique}` }
      : {}),
    ...(role === 'patient' ? { blood_type: '+A', height: '170', weight: '65' } : {}),
    ...overrides,
  };
  // A professional's licence document, so an administrator may approve her through the API.
  const form = multipart(role === 'patient' ? fields : { licenseDocument: { filename: 'licence.png', content: tinyPng, type: 'image/png' }, ...fields });
  const headers = options.acceptLanguage ? { ...form.headers, 'accept-language': options.acceptLanguage } : form.headers;
  const signup = await app.inject({ method: 'POST', url: `/api/${role}/auth/signup`, payload: form.payload, headers });
  if (signup.statusCode !== 200) throw new Error(`signup failed: ${signup.body}`);
  if (role !== 'patient' && !options.pending) {
    await app.db.updateTable('users').set({ status: 'approved' }).where('id', '=', signup.json().user._id).execute();
  }
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: fields.email, password }) });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const body = login.json();
  return { token: body.user.tokens[0].token, id: body.user._id, email: fields.email, password };
}

/** An account signUpAndLogin made: its token, id and credentials. */
export type Account = Awaited<ReturnType<typeof signUpAndLogin>>;

/** Makes an account an administrator: the role is granted in the database, never at sign-up. */
export function grantAdmin(app: App, userId: string) {
  return app.db
    .updateTable('users')
    .set({ role: 'admin' as never })
    .where('id', '=', userId)
    .execute();
}

/** Marks an account's email address verified, as following the link in the verification mail does. */
export function markEmailVerified(app: App, userId: string) {
  return app.db
    .insertInto('account_security')
    .values({ user_id: userId, email_verified: 1, mfa_secret: null, mfa_pending_secret: null, mfa_last_step: null, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email_verified: 1 }))
    .execute();
}
