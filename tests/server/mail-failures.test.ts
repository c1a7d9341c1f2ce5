import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeSmtp, freeSmtpPort, type SmtpBehaviour } from './fake-smtp.js';
import { multipart, signUpAndLogin, startTestServer, type Account } from './helpers.js';

/**
 * A mail server that refuses, or accepts and then hangs: what a person is told about an email
 * address never depends on it, nor on whether the address has an account; a message that could not
 * be sent waits in the queue and goes out once the server answers; "send again" works at once.
 */
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

async function withServer(behaviour: SmtpBehaviour | 'refuse') {
  const port = await freeSmtpPort();
  const smtp = behaviour === 'refuse' ? undefined : await fakeSmtp(port, behaviour);
  const server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  return { port, smtp, server };
}

describe.each(['refuse', 'silentAfterGreeting', 'silentAfterData'] as const)('a mail server that does "%s"', (behaviour) => {
  let setup: Awaited<ReturnType<typeof withServer>>;
  let patient: Account;
  beforeAll(async () => {
    setup = await withServer(behaviour);
    patient = await signUpAndLogin(setup.server.app, 'patient');
  });
  afterAll(async () => {
    await setup?.server.close();
    await setup?.smtp?.close();
  });

  it('answers "forgot password" alike for a registered and an unknown address, at once', async () => {
    const ask = (email: string) => timed(() => setup.server.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } }));
    const known = await ask(patient.email);
    const unknown = await ask('nobody.here@example.test');
    expect(known.value.statusCode, known.value.body).toBe(200);
    expect(unknown.value.statusCode).toBe(known.value.statusCode);
    expect(unknown.value.json()).toEqual(known.value.json());
    expect(known.ms).toBeLessThan(1_000);
    expect(unknown.ms).toBeLessThan(1_000);
  }, 60_000);

  it('answers a sign-up alike for a new and a registered address', async () => {
    const signUp = (email: string) =>
      timed(() =>
        setup.server.app.inject({
          method: 'POST',
          url: '/api/patient/auth/signup',
          ...multipart({
            name: `Nadia Samir ${Math.random().toString(36).slice(2, 6)}`,
            username: `nadia_${Math.random().toString(36).slice(2, 8)}`,
            email,
            password: 'correct-horse-battery',
            phone: '01001234567',
            country: 'Egypt',
            government: 'Cairo',
            gender: 'female',
          }),
        }),
      );
    const fresh = await signUp(`nadia.${Math.random().toString(36).slice(2, 8)}@example.test`);
    const taken = await signUp(patient.email);
    expect(fresh.value.statusCode, fresh.value.body).toBe(200);
    expect(taken.value.statusCode).toBe(200);
    expect(taken.value.json().message).toBe(fresh.value.json().message);
    expect(fresh.ms).toBeLessThan(2_000);
    expect(taken.ms).toBeLessThan(2_000);
  }, 60_000);
});

describe('a message the mail server could not take', () => {
  let setup: Awaited<ReturnType<typeof withServer>>;
  let patient: Account;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>> | undefined;
  beforeAll(async () => {
    setup = await withServer('refuse');
    patient = await signUpAndLogin(setup.server.app, 'patient');
  });
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });
  afterAll(async () => setup?.server.close());

  it('may be asked for again at once, and is sent once the mail server answers', async () => {
    const resend = () => setup.server.app.inject({ method: 'POST', url: '/api/auth/email/resend', headers: { authorization: `Bearer ${patient.token}` } });
    const first = await resend();
    expect(first.statusCode, first.body).toBe(200);
    // Nothing reached her: asking again is not "too many".
    const again = await resend();
    expect(again.statusCode, again.body).toBe(200);

    smtp = await fakeSmtp(setup.port, 'accept');
    const deadline = Date.now() + 20_000;
    while (!smtp.received.some((message) => message.includes(patient.email)) && Date.now() < deadline) {
      await setup.server.app.scheduler.runDue();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const toHer = smtp.received.filter((message) => message.includes(patient.email));
    expect(toHer.length).toBeGreaterThan(0);
  }, 60_000);
});
