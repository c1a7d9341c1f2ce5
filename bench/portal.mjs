import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase as freshDatabaseOf } from '../scripts/fresh-database.mjs';
import { buildServerIfStale, serverEntry } from '../scripts/server-build.mjs';

/** Starts the real portal (the server bundle, as `npm start` runs it) on a free port with a temporary data directory. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** A fresh PostgreSQL database when DATABASE_URL is set, so a benchmark never touches real data. */
export const freshDatabase = (base) => freshDatabaseOf(base, 'bench');

export async function startPortal({ spaDir, env = {} } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : null;
  const port = await freePort();
  let output = '';
  await buildServerIfStale({ quiet: true });
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SPA_DIR: spaDir ?? path.join(dataDir, 'no-spa'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the portal did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    database: database ? 'PostgreSQL' : 'SQLite',
    /** For benchmarks that load data straight into the database. */
    dataDir,
    databaseUrl: database?.url ?? '',
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Eight random lowercase letters, so no two accounts' names are near each other (look-alike professionals are refused). */
const randomLetters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Signs up one account of `role` through the API, as the sign-up form does; its id and credentials. */
export async function signUpAccount(url, role, n) {
  const unique = `${role}${n}x${Date.now().toString(36)}`;
  const password = 'bench-password-1';
  const email = `${unique}@bench.test`;
  const fields = {
    name: `Bench ${randomLetters()} ${randomLetters()}`,
    username: unique,
    email,
    password,
    phone: '01001234567',
    country: 'Egypt',
    government: 'Cairo',
    gender: 'female',
    ...(role === 'doctor' ? { specialization: 'Cardiology', location: '1 Nile St', officeNumber: '1', licenseNumber: `EMS-${unique}` } : {}),
    ...(role === 'pharmacist'
      ? { pharmacyName: `Pharmacy ${unique}`, location: '5 Tahrir Sq', licenseNumber: `EPS-${unique}`, pharmacyLicenseNumber: `PH-${unique}` }
      : {}),
  };
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const res = await fetch(`${url}/api/${role}/auth/signup`, { method: 'POST', body });
  const json = await res.json().catch(() => ({}));
  if (res.status !== 200) throw new Error(`signup: ${res.status} ${JSON.stringify(json)}`);
  return { id: json.user._id, email, password };
}
