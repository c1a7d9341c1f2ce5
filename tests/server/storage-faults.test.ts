import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, startTestServer, tinyPng, withToken, type Account, type TestServer } from './helpers.js';

/**
 * The data folder fills up or turns read-only under a running server, or is read-only at start.
 * The folder is a small tmpfs of its own, which needs root (as CI runs); elsewhere these are skipped.
 */
const mountable = (() => {
  if (process.getuid?.() !== 0 || process.env.DATABASE_URL) return false;
  const probe = mkdtempSync(path.join(os.tmpdir(), 'mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1M', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();
if (!mountable) console.warn('storage-faults: SKIPPED. Needs root and mount (a small tmpfs as the data folder), on SQLite.');

describe.skipIf(!mountable)('a full data folder', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-full-'));
  let server: TestServer;
  let patient: Account;
  const filler = () => path.join(dataDir, 'filler');

  beforeAll(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24M', 'tmpfs', dataDir]);
    server = await startTestServer({ dataDir });
    patient = await signUpAndLogin(server.app, 'patient');
    // Everything the disk has left goes to one file, as another program filling the disk would.
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${filler()}`, 'bs=64k'], { stdio: 'ignore' });
    } catch {
      // dd stops with "No space left on device": the disk is full.
    }
  });
  afterAll(async () => {
    await server?.close();
    spawnSync('umount', [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers writes with 507 and a message, says so in health, leaves no empty mail behind, and serves again once space is freed', async () => {
    const history = await server.app.inject({
      method: 'POST',
      url: '/api/history/surgeries',
      ...withToken(patient.token, { name: 'Appendectomy', date: '2019-03-04' }),
    });
    expect(history.statusCode, history.body).toBe(507);
    expect(history.json().message).toMatch(/storage is full/i);

    const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: patient.email, password: patient.password } });
    expect(login.statusCode, login.body).toBe(507);

    const upload = await server.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      ...withToken(patient.token, { image: { filename: 'me.png', content: Buffer.concat([tinyPng, Buffer.alloc(200_000)]), type: 'image/png' } }),
    });
    expect(upload.statusCode, upload.body).toBe(507);

    await server.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: patient.email } });
    const outbox = path.join(dataDir, 'outbox');
    const mails = readdirSync(outbox, { recursive: false }).map((name) => statSync(path.join(outbox, String(name))).size);
    expect(mails.filter((size) => size === 0)).toEqual([]);

    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'up', storage: 'full' });

    rmSync(filler());
    const after = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: patient.email, password: patient.password } });
    expect(after.statusCode, after.body).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok', storage: 'ok' });
  }, 60_000);
});

describe.skipIf(!mountable)('a read-only data folder at start', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-ro-'));
  afterAll(() => {
    spawnSync('umount', [dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the start with a message naming DATA_DIR', () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4M', 'tmpfs', dataDir]);
    // What an earlier start leaves (the folders and the generated secrets), then the folder turns read-only.
    mkdirSync(path.join(dataDir, 'uploads'));
    writeFileSync(path.join(dataDir, '.jwt-secret'), 'x'.repeat(64));
    execFileSync('mount', ['-o', 'remount,ro', dataDir]);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SEED: 'never', PORT: '0', JWT_SECRET: 'x'.repeat(40) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr + run.stdout).toMatch(/DATA_DIR/);
    expect(run.stderr + run.stdout).toContain(dataDir);
  }, 60_000);
});
