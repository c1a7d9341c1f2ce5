import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { boundedConcurrency } from '../../server/lib/concurrency.js';
import { buildApp } from '../../server/app.js';
import { multipart, signUpAndLogin, startTestServer, type TestServer } from './helpers.js';
import { readOutbox } from './outbox.js';

let server: TestServer;
beforeAll(async () => {
  // Short waits keep the file fast; the schedule is the same as in production, only capped lower.
  server = await startTestServer({ env: { LOGIN_MAX_ATTEMPTS: '10', LOGIN_MAX_DELAY_SECONDS: '0.5' } });
});
afterAll(async () => {
  await server?.close();
});

function loginOn(target: TestServer, fields: { email: string; password: string }, from: string, forwardedFor?: string) {
  const form = multipart(fields);
  const headers = forwardedFor ? { ...form.headers, 'x-forwarded-for': forwardedFor } : form.headers;
  return target.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, headers, payload: form.payload });
}
const login = (fields: { email: string; password: string }, from: string, forwardedFor?: string) => loginOn(server, fields, from, forwardedFor);

describe('login limits that an attacker cannot steer', () => {
  it('a different X-Forwarded-For per request does not escape the per-address limit (TRUST_PROXY is off by default)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await login({ email: `guess${i}@example.test`, password: 'guess-guess-guess' }, '192.0.2.10', `198.51.100.${i + 1}`);
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  }, 60_000);

  it('the header cannot lock out an address the attacker chooses', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    for (let i = 0; i < 12; i++) {
      await login({ email: `nobody${i}@example.test`, password: 'wrong-wrong-wrong' }, '192.0.2.20', '203.0.113.7');
    }
    const victim = await login({ email: patient.email, password: patient.password }, '203.0.113.7');
    expect(victim.statusCode).toBe(200);
  }, 60_000);

  it("ten wrong passwords for a doctor's public email slow the account down but never lock the doctor out", async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor');
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: doctor.email, password: `not-it-${i}` }, `192.0.2.${100 + i}`);
      expect(res.statusCode).toBe(401);
    }
    const started = Date.now();
    const real = await login({ email: doctor.email, password: doctor.password }, '192.0.2.50');
    const waited = Date.now() - started;
    expect(real.statusCode).toBe(200);
    // The wait grew to the cap (half a second here) and stayed bounded by it.
    expect(waited).toBeGreaterThanOrEqual(450);
    expect(waited).toBeLessThan(5000);
    // After the right password the account starts clean: no wait.
    const again = Date.now();
    expect((await login({ email: doctor.email, password: doctor.password }, '192.0.2.50')).statusCode).toBe(200);
    expect(Date.now() - again).toBeLessThan(450);
  }, 60_000);

  it('parallel guesses each count, so a burst cannot all pass on a clean slate', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const burst = await Promise.all(Array.from({ length: 15 }, (_, i) => login({ email: patient.email, password: `burst-${i}` }, '192.0.2.60')));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  }, 60_000);
});

describe('sign-ups per address', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { SIGNUP_MAX_PER_HOUR: '3' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const signup = (n: number, from: string, email = `throwaway${n}@example.test`, app = limited.app) =>
    app.inject({
      method: 'POST',
      url: '/api/patient/auth/signup',
      remoteAddress: from,
      ...multipart({
        name: `Throwaway ${n}`,
        username: `throwaway_${n}`,
        email,
        password: 'a-long-password',
        phone: '01001112223',
      }),
    });
  const takenMails = (to: string) => readOutbox(limited.config.dataDir).filter((m) => m.to === to && m.subject.includes('You already have an account'));

  it('allows SIGNUP_MAX_PER_HOUR accounts from one address per hour, then answers 429 with a reason', async () => {
    for (let i = 0; i < 3; i++) expect((await signup(i, '192.0.2.70')).statusCode).toBe(200);
    const fourth = await signup(3, '192.0.2.70');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/too many accounts/i);
    // Another address is not affected, and a refused form did not count.
    expect((await signup(4, '192.0.2.71')).statusCode).toBe(200);
  });

  it('a form with a mistake does not use up the allowance', async () => {
    const bad = await limited.app.inject({ method: 'POST', url: '/api/patient/auth/signup', remoteAddress: '192.0.2.72', ...multipart({ name: 'x' }) });
    expect(bad.statusCode).toBe(400);
    for (let i = 10; i < 13; i++) expect((await signup(i, '192.0.2.72')).statusCode).toBe(200);
  });

  it('a sign-up with a registered email counts like any other, so the 429 does not tell whether an email is registered', async () => {
    const owner = await signUpAndLogin(limited.app, 'patient');
    // Three tries with her email, then a free one: refused like a fourth new account.
    for (let i = 20; i < 23; i++) expect((await signup(i, '192.0.2.80', owner.email)).statusCode).toBe(200);
    const afterTaken = await signup(23, '192.0.2.80');
    expect(afterTaken.statusCode).toBe(429);
    // Three new accounts, then her email: refused the same way, with the same words.
    for (let i = 30; i < 33; i++) expect((await signup(i, '192.0.2.81')).statusCode).toBe(200);
    const takenAfter = await signup(33, '192.0.2.81', owner.email);
    expect(takenAfter.statusCode).toBe(429);
    expect(takenAfter.json()).toEqual(afterTaken.json());
  });

  it('the owner of a registered email is mailed at most once a day, however many addresses and instances try it', async () => {
    const owner = await signUpAndLogin(limited.app, 'patient');
    for (let i = 40; i < 43; i++) expect((await signup(i, `192.0.2.${90 + i - 40}`, owner.email)).statusCode).toBe(200);
    // Another instance on the same database (or this one after a restart) knows she was told already.
    const second = await buildApp({ config: limited.config, database: limited.database, logger: false });
    try {
      await second.ready();
      const again = await signup(43, '192.0.2.99', owner.email, second);
      expect(again.statusCode).toBe(200);
    } finally {
      await second.close();
    }
    expect(takenMails(owner.email)).toHaveLength(1);
  });
});

describe('guest appointment requests per address', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { GUEST_REQUESTS_MAX_PER_HOUR: '3' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const day = new Date(Date.now() + 10 * 86400000).toISOString().slice(0, 10);
  const request = (from: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/appointment/requests',
      remoteAddress: from,
      ...multipart({ name: 'Mariam Adel', phone: '+20 100 123 4567', department: 'Cardiology', date: day, time: '11:00', reason: 'Check-up' }),
    });
  const stored = async () =>
    Number(
      (
        await limited.app.db
          .selectFrom('appointment_requests')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('allows GUEST_REQUESTS_MAX_PER_HOUR requests from one address per hour, even at once, then answers 429 with a reason', async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, () => request('192.0.2.80')));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(17);
    expect(refused[0]!.json().message).toMatch(/too many appointment requests/i);
    expect(await stored()).toBe(3);
    // Another address is not affected.
    expect((await request('192.0.2.81')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ DATA_DIR: server.config.dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: server.config.dataDir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: server.config.dataDir, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(() => loadConfig({ DATA_DIR: server.config.dataDir, TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('with one trusted hop, the address the proxy appended is the one counted', async () => {
    const proxied = await startTestServer({ env: { TRUST_PROXY: '1', LOGIN_MAX_ATTEMPTS: '3', LOGIN_MAX_DELAY_SECONDS: '0' } });
    try {
      const attempt = (forwardedFor: string) => loginOn(proxied, { email: 'a@example.test', password: 'wrong-wrong' }, '10.0.0.1', forwardedFor);
      // The client forges the left part; the proxy appends the real address on the right.
      for (let i = 0; i < 3; i++) expect((await attempt(`1.1.1.${i}, 198.51.100.9`)).statusCode).not.toBe(429);
      expect((await attempt('1.1.1.99, 198.51.100.9')).statusCode).toBe(429);
      expect((await attempt('198.51.100.10')).statusCode).not.toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('bounded concurrency for password hashing', () => {
  it('runs at most the limit at once and refuses beyond the waiting line with 503', async () => {
    const run = boundedConcurrency(2, 2, 'busy');
    let active = 0;
    let peak = 0;
    const task = () =>
      run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 20));
        active--;
      });
    const results = await Promise.allSettled([task(), task(), task(), task(), task()]);
    expect(peak).toBe(2);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.statusCode).toBe(503);
  });
});
