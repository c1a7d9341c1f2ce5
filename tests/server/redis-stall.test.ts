import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCacheListening, signUpAndLogin, startTestServer, type Account, type TestServer } from './helpers.js';
import { stallableProxy } from './stallable-proxy.js';

/**
 * A Redis that stops answering but keeps its connections (SIGSTOP, a frozen VM): writes must not
 * wait for it beyond the command timeout, health must say so, and all must recover when it answers.
 */
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('redis-stall: SKIPPED. Set REDIS_URL to stall a relay to Redis under a running server.');

describe.skipIf(!redisUrl)('a Redis that stops answering (runs when REDIS_URL is set)', () => {
  let proxy: Awaited<ReturnType<typeof stallableProxy>>;
  let server: TestServer;
  let patient: Account;

  beforeAll(async () => {
    proxy = await stallableProxy(new URL(redisUrl!));
    server = await startTestServer({ env: { REDIS_URL: proxy.url, REDIS_COMMAND_TIMEOUT_MS: '500' } });
    await answerCacheListening(server.app);
    patient = await signUpAndLogin(server.app, 'patient');
  });
  afterAll(async () => {
    proxy?.resume();
    await server?.close();
    await proxy?.close();
  });

  const health = async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    return { status: res.statusCode, body: res.json() as Record<string, string> };
  };
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  };

  it('answers writes within the command timeout, says "stalled" in health, and serves reads from the database meanwhile', async () => {
    proxy.stall();
    const login = await timed(() =>
      server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: patient.email, password: patient.password } }),
    );
    expect(login.value.statusCode, login.value.body).toBe(200);
    expect(login.ms).toBeLessThan(2_500);

    const state = await timed(health);
    expect(state.ms).toBeLessThan(2_500);
    expect(state.value.body).toMatchObject({ status: 'degraded', database: 'up', redis: 'stalled' });
    // Other instances may have missed this instance's invalidations and it may miss theirs: nothing is served from memory.
    expect(server.app.answers.usable()).toBe(false);
    const doctors = await timed(() => server.app.inject({ method: 'GET', url: '/api/doctors' }));
    expect(doctors.value.statusCode).toBe(200);
    expect(doctors.ms).toBeLessThan(2_500);
  }, 30_000);

  it('is back to "up" with the cache in use once Redis answers again', async () => {
    proxy.resume();
    const deadline = Date.now() + 10_000;
    let state = await health();
    while ((state.body.redis !== 'up' || !server.app.answers.usable()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = await health();
    }
    expect(state.body).toMatchObject({ status: 'ok', redis: 'up' });
    expect(server.app.answers.usable()).toBe(true);
  }, 30_000);
});
