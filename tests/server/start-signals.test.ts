import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm start` under a supervisor: the signal the supervisor sends to npm stops the server itself. */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const listening = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
};

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('npm start and signals', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the npm process stops the server gracefully and frees its port`, async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
      dirs.push(dataDir);
      const port = await freePort();
      const env = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'never',
        SKIP_SPA_BUILD: '1',
        SPA_DIR: path.join(dataDir, 'no-spa'),
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        REDIS_URL: '',
      };
      const npm = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      npm.stdout.on('data', (d) => (output += d));
      npm.stderr.on('data', (d) => (output += d));
      const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
      try {
        expect(await until(() => listening(port), 60_000), output).toBe(true);
        npm.kill(signal);
        await exited;
        // Nothing is left holding the port: the server itself received the signal and shut down.
        expect(await until(async () => !(await listening(port)), 10_000), output).toBe(true);
        expect(output).toContain(`${signal} received`);
      } finally {
        if (npm.exitCode === null) npm.kill('SIGKILL');
      }
    }, 90_000);
  }
});
