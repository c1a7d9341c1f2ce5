import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { startPortal, type Portal } from '../e2e/harness.js';

/**
 * SIGTERM under steady keep-alive traffic, as a rolling deploy behind a balancer sees it: no
 * keep-alive connection is cut under a request sent on it. A new connection refused or reset at the
 * moment the port closes (still in the kernel's accept queue) carried nothing the server read, and
 * the balancer, told by health to stop sending, retries it elsewhere. The real server process, with
 * its real signal handling.
 */
let portal: Portal | undefined;
afterAll(async () => portal?.dispose());

it('cuts no keep-alive connection under a request after SIGTERM', async () => {
  portal = await startPortal({ seed: false, env: { SHUTDOWN_DRAIN_MS: '1500' } });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const outcomes = { answered: 0, refusedAtConnect: 0, reset: [] as string[] };
  const request = () =>
    new Promise<void>((resolve) => {
      const req = http.get(`${portal!.url}/api/cms/slider`, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          outcomes.answered++;
          resolve();
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' || !req.reusedSocket) outcomes.refusedAtConnect++;
        else outcomes.reset.push(`${error.code ?? error.message} at ${Date.now() - signalledAt} ms`);
        resolve();
      });
    });
  let running = true;
  let signalledAt = 0;
  const clients = Array.from({ length: 6 }, async () => {
    while (running) await request();
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  signalledAt = Date.now();
  const stopped = portal.stop();
  await stopped;
  await new Promise((resolve) => setTimeout(resolve, 300));
  running = false;
  await Promise.all(clients);
  agent.destroy();
  expect(outcomes.answered).toBeGreaterThan(50);
  expect(outcomes.reset, portal.logs()).toEqual([]);
}, 60_000);
