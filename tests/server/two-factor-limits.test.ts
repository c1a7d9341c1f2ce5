import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signUpAndLogin, startTestServer, withToken, type Account, type TestServer } from './helpers.js';
import { readOutbox } from './outbox.js';

/**
 * Someone who knows the password cannot guess the two-factor code: the wrong codes of an account
 * count across sign-in steps, each try is counted before its code is compared, the waits grow, and
 * after 10 wrong codes in 15 minutes the code step is locked (even for the right code) and the owner
 * is told by email, once. On SQLite, and on PostgreSQL when DATABASE_URL is set.
 */

let server: TestServer;
beforeAll(async () => {
  // Short waits keep the file fast; the schedule is the one of failed logins, only capped lower.
  server = await startTestServer({ env: { LOGIN_MAX_DELAY_SECONDS: '0.3' } });
});
afterAll(async () => {
  await server?.close();
});

const post = (url: string, fields: Record<string, string>, token?: string) =>
  server.app.inject({ method: 'POST', url, ...(token ? withToken(token, fields) : multipart(fields)) });
const passwordStep = async (account: Account) => {
  const res = await post('/api/auth/login', { email: account.email, password: account.password });
  expect(res.json().twoFactorRequired).toBe(true);
  return res.json().challenge as string;
};
const codeStep = (challenge: string, code: string) => post('/api/auth/login/two-factor', { challenge, code });
/** A TOTP code for the next 30-second step: the step of an earlier code is never accepted twice. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
const lockMails = (to: string) => readOutbox(server.config.dataDir).filter((m) => m.to === to && /locked|قُفل/.test(m.subject));

/** An account with two-factor sign-in on: its secret and recovery codes. */
async function withTwoFactor(options: { acceptLanguage?: string } = {}) {
  const account = await signUpAndLogin(server.app, 'patient', {}, options);
  const { secret } = (await post('/api/auth/two-factor/setup', { currentPassword: account.password }, account.token)).json() as { secret: string };
  const enabled = await post('/api/auth/two-factor/enable', { code: await generate({ secret }) }, account.token);
  expect(enabled.statusCode).toBe(200);
  return { account, secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

/** Lets the lock (and the window of failures) end, as 15 minutes would. */
async function letTimePass(userId: string) {
  const past = new Date(Date.now() - 16 * 60_000).toISOString();
  await server.app.db.updateTable('account_security').set({ mfa_locked_until: past, mfa_failures_since: past }).where('user_id', '=', userId).execute();
}

describe('two-factor codes against someone who knows the password', () => {
  it('20 wrong codes and the right one sent at once on one challenge issue no session', async () => {
    const { account, secret } = await withTwoFactor();
    // Three wrong codes earlier: from now on every try waits before its code is compared, as an
    // attacker's would, so the whole burst has been sent before any of its codes is decided.
    const earlier = await passwordStep(account);
    for (let i = 0; i < 3; i++) expect((await codeStep(earlier, '000000')).statusCode).toBe(401);
    const challenge = await passwordStep(account);
    const right = await nextCode(secret);
    const wrong = Array.from({ length: 20 }, (_, i) => String(100000 + i * 7919).slice(0, 6));
    // The right code goes out in the middle of the burst, after ten wrong ones.
    const codes = [...wrong.slice(0, 10), right, ...wrong.slice(10)];
    const answers = await Promise.all(codes.map((code) => codeStep(challenge, code)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(answers.every((r) => typeof r.json().message === 'string')).toBe(true);
  }, 60_000);

  it('wrong codes spread over fresh sign-in steps lock the code step after 10; the right code waits too; the owner is mailed once, in her language', async () => {
    const { account, secret } = await withTwoFactor({ acceptLanguage: 'ar' });
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      // A right password each time: it must not clear the count of wrong codes.
      const challenge = await passwordStep(account);
      const started = Date.now();
      const res = await codeStep(challenge, '000000');
      waits.push(Date.now() - started);
      expect(res.statusCode, `wrong code ${i + 1}`).toBe(401);
    }
    // The waits grow: the first ones cost nothing, the later ones wait up to the cap.
    expect(waits.slice(-3).every((w) => w >= 280)).toBe(true);
    expect(lockMails(account.email)).toHaveLength(0);

    const tenth = await codeStep(await passwordStep(account), '000000');
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json().message).toMatch(/Too many wrong codes: signing in to this account is locked\. Please try again in 15 minutes\./);
    expect(Number(tenth.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // Locked: even the right code is refused, and the answer says when to try again.
    const rightButLocked = await codeStep(await passwordStep(account), await nextCode(secret));
    expect(rightButLocked.statusCode).toBe(429);
    expect(rightButLocked.json().message).toMatch(/Please try again in 1[45] minutes/);
    expect(rightButLocked.json().token).toBeUndefined();
    for (let i = 0; i < 3; i++) expect((await codeStep(await passwordStep(account), '111111')).statusCode).toBe(429);

    // One mail, in Arabic as she chose, whatever happened after the lock.
    const mails = lockMails(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`قُفل تسجيل الدخول إلى حسابك — ${server.config.clinicName}`);
    expect(mails[0].html).toContain('<html lang="ar" dir="rtl">');
    expect(mails[0].text).toContain('كلمة المرور');

    // Once the lock has ended, the right code signs in again.
    await letTimePass(account.id);
    // The code refused during the lock was never compared, so it is still unused.
    const after = await codeStep(await passwordStep(account), await nextCode(secret));
    expect(after.statusCode).toBe(200);
    expect(after.json().token).toBeTruthy();
  }, 120_000);

  it('the English mail says what happened and what to do', async () => {
    const { account } = await withTwoFactor();
    for (let i = 0; i < 10; i++) await codeStep(await passwordStep(account), '000000');
    const mails = lockMails(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Signing in to your account was locked — ${server.config.clinicName}`);
    expect(mails[0].text).toMatch(/10 wrong two-factor codes/);
    expect(mails[0].text).toMatch(/knew your password/);
    expect(mails[0].text).toMatch(/change your password/i);
  }, 120_000);

  it('wrong recovery codes count the same: locked after 10, then the right recovery code is refused until the lock ends', async () => {
    const { account, recoveryCodes } = await withTwoFactor();
    for (let i = 0; i < 9; i++) {
      const res = await codeStep(await passwordStep(account), `wrong-${String(i).padStart(5, 'x')}`.slice(0, 11));
      expect(res.statusCode, `wrong recovery code ${i + 1}`).toBe(401);
    }
    expect((await codeStep(await passwordStep(account), 'zzzzz-zzzzz')).statusCode).toBe(429);
    const refused = await codeStep(await passwordStep(account), recoveryCodes[0]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Please try again in 1[45] minutes/);
    expect(lockMails(account.email)).toHaveLength(1);
    // The refused code was not used up: it works once the lock has ended.
    await letTimePass(account.id);
    expect((await codeStep(await passwordStep(account), recoveryCodes[0])).statusCode).toBe(200);
  }, 120_000);

  it('a burst of wrong codes over many challenges at once counts every try: at most 10 are compared, one mail', async () => {
    const { account, secret } = await withTwoFactor();
    const challenges: string[] = [];
    for (let i = 0; i < 6; i++) challenges.push(await passwordStep(account));
    const answers = await Promise.all(challenges.flatMap((c) => [0, 1, 2, 3].map((k) => codeStep(c, String(200000 + k)))));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(9);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
    expect((await codeStep(await passwordStep(account), await nextCode(secret))).statusCode).toBe(429);
    expect(lockMails(account.email)).toHaveLength(1);
  }, 120_000);

  it('a right code takes back its own try: the lock comes at the 10th wrong code, however many right ones came between', async () => {
    const { account, secret, recoveryCodes } = await withTwoFactor();
    const rights = [await nextCode(secret), recoveryCodes[0], recoveryCodes[1]];
    for (const right of rights) {
      const challenge = await passwordStep(account);
      for (let i = 0; i < 3; i++) expect((await codeStep(challenge, '999999')).statusCode).toBe(401);
      expect((await codeStep(challenge, right)).statusCode).toBe(200);
    }
    // Twelve tries so far, nine of them wrong: not locked.
    expect(lockMails(account.email)).toHaveLength(0);
    expect((await codeStep(await passwordStep(account), '999999')).statusCode).toBe(429);
    expect(lockMails(account.email)).toHaveLength(1);
  }, 120_000);
});
