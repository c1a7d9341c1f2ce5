import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/index.js';
import { verifyPassword } from '../../server/lib/passwords.js';

/** `npm run admin:create`: an administrator on a fresh deployment, the password read from stdin. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-admin-create-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Always the embedded database in its own directory, whatever DATABASE_URL the run has.
const run = (args: string[], input: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/admin-create.ts', ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });

describe('admin:create', () => {
  it('creates an administrator with the password from stdin, normalizing the name', async () => {
    const result = run(['--email', 'Ops@Clinic.example', '--name', 'Ops\u200b  Lead'], 'Str0ng-Passw0rd\n');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Administrator Ops Lead <ops@clinic.example> created');
    const { db } = openDatabase({ dataDir });
    const row = await db.selectFrom('users').selectAll().where('email', '=', 'ops@clinic.example').executeTakeFirstOrThrow();
    await db.destroy();
    expect(row).toMatchObject({ role: 'admin', status: 'approved', name: 'Ops Lead' });
    expect(await verifyPassword(row.password_hash, 'Str0ng-Passw0rd')).toBe(true);
  });

  it('refuses a second account with the same email, a short password and missing arguments, with a message', () => {
    const again = run(['--email', 'ops@clinic.example', '--name', 'Ops Lead'], 'Str0ng-Passw0rd\n');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('An account with the email ops@clinic.example already exists');
    const short = run(['--email', 'new@clinic.example', '--name', 'New Admin'], 'short\n');
    expect(short.stderr).toContain('The password must be at least 8 characters');
    expect(run([], '').stderr).toContain('Usage: npm run admin:create');
  });
});
