import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, listen, next, openChat, settle } from './chat-client.js';
import { multipart, signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';
import { lastMailTo, readOutbox } from './outbox.js';
import { createMailer } from '../../server/mail/mailer.js';

/**
 * Accounts a clinic can trust: credentials changes need the current password and end other
 * sessions, verification and reset by one-time links in the embedded outbox, two-factor sign-in,
 * the sessions list, and answers that never tell whether an email is registered.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, fields: Record<string, string> = {}) =>
  server.app.inject({ method, url, ...(token ? withToken(token, fields) : multipart(fields)) });
const me = (token: string) => server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: token } });
const loginAs = (email: string, password: string) => inject('POST', '/api/auth/login', undefined, { email, password });

/** A TOTP code for the next 30-second step: the step of an earlier code is never accepted twice. */
const nextCode = (secret: string, steps = 1) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

describe('changing credentials', () => {
  it('refuses to change the email or password with only a token (the current password is required)', async () => {
    const account = await signUpAndLogin(server.app, 'patient');
    const noPassword = await inject('PATCH', '/api/auth/user', account.token, { email: 'thief@example.test', password: 'stolen-account-pw' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe('Please enter your current password to change your email and password');
    const wrong = await inject('PATCH', '/api/auth/user', account.token, { password: 'stolen-account-pw', currentPassword: 'not-the-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Your current password is not correct');
    // Nothing changed: the old password still logs in, the new one does not.
    expect((await loginAs(account.email, account.password)).statusCode).toBe(200);
    expect((await loginAs(account.email, 'stolen-account-pw')).statusCode).toBe(401);
    expect((await me(account.token)).json().user.email).toBe(account.email);
  });

  it('a password change ends every other session and keeps the one that made it', async () => {
    const account = await signUpAndLogin(server.app, 'doctor');
    const other = (await loginAs(account.email, account.password)).json().token as string;
    const changed = await inject('PATCH', '/api/auth/user', account.token, { password: 'a-new-password-1', currentPassword: account.password });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toContain('every other session was signed out');
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(account.token)).statusCode).toBe(200);
    expect((await loginAs(account.email, 'a-new-password-1')).statusCode).toBe(200);
  });

  it('a new email is used only after its link is followed', async () => {
    const account = await signUpAndLogin(server.app, 'patient');
    const newEmail = `moved.${Date.now()}@example.test`;
    const res = await inject('PATCH', '/api/auth/user', account.token, { email: newEmail, currentPassword: account.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(`We sent a link to ${newEmail}`);
    expect(res.json().user.email).toBe(account.email);
    expect((await loginAs(newEmail, account.password)).statusCode).toBe(401);
    const mail = lastMailTo(server.config.dataDir, newEmail, 'Confirm your new email');
    expect(mail?.token).toBeTruthy();
    const followed = await inject('POST', '/api/auth/email/verify', undefined, { token: mail!.token! });
    expect(followed.json()).toEqual({ message: `Your email address is now ${newEmail}`, email: newEmail });
    expect((await loginAs(newEmail, account.password)).statusCode).toBe(200);
    const again = await inject('POST', '/api/auth/email/verify', undefined, { token: mail!.token! });
    expect(again.statusCode).toBe(400);
  });
});

describe('answers that do not tell whether an email is registered', () => {
  it('sign-up with a registered email answers like a new account and mails the owner instead', async () => {
    const owner = await signUpAndLogin(server.app, 'patient');
    const fresh = await signUpAndLoginFields(`fresh.${Date.now()}@example.test`);
    const taken = await signUpAndLoginFields(owner.email);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json().message).toBe(fresh.json().message);
    expect(Object.keys(taken.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
    expect(lastMailTo(server.config.dataDir, owner.email, 'You already have an account')).toBeTruthy();
    // The owner's account is untouched.
    expect((await loginAs(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('a profile edit to a registered email answers like a free one', async () => {
    const owner = await signUpAndLogin(server.app, 'patient');
    const asker = await signUpAndLogin(server.app, 'patient');
    const taken = await inject('PATCH', '/api/auth/user', asker.token, { email: owner.email, currentPassword: asker.password });
    const free = await inject('PATCH', '/api/auth/user', asker.token, { email: `free.${Date.now()}@example.test`, currentPassword: asker.password });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().message.replace(owner.email, 'X')).toBe(free.json().message.replace(/free\.\d+@example\.test/, 'X'));
    expect(taken.json().message).not.toMatch(/already/i);
  });

  it('"forgot password" answers the same for a registered and an unknown email', async () => {
    const owner = await signUpAndLogin(server.app, 'pharmacist');
    const known = await inject('POST', '/api/auth/password/forgot', undefined, { email: owner.email });
    const unknown = await inject('POST', '/api/auth/password/forgot', undefined, { email: 'nobody.here@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(lastMailTo(server.config.dataDir, 'nobody.here@example.test')).toBeUndefined();
    // Asking again at once answers the same but does not flood the owner's inbox.
    const again = await inject('POST', '/api/auth/password/forgot', undefined, { email: owner.email });
    expect(again.json()).toEqual(known.json());
    expect(readOutbox(server.config.dataDir).filter((m) => m.to === owner.email && m.subject.includes('Reset'))).toHaveLength(1);
  });

  async function signUpAndLoginFields(email: string) {
    const unique = Math.random().toString(36).slice(2, 9);
    return inject('POST', '/api/patient/auth/signup', undefined, {
      name: `Probe ${unique}`,
      username: `probe_${unique}`,
      email,
      password: 'probe-password-1',
      phone: '01001234567',
      country: 'Egypt',
      government: 'Cairo',
    });
  }
});

describe('verification and reset links', () => {
  it('a new account is unverified until its emailed link is followed; the link works once', async () => {
    const account = await signUpAndLogin(server.app, 'patient');
    expect((await me(account.token)).json().security).toMatchObject({ emailVerified: false, twoFactor: false, verifiedEmailRequired: false });
    const mail = lastMailTo(server.config.dataDir, account.email, 'Verify your email');
    expect(mail?.text).toContain('Clinic & Pharmacy Portal');
    expect(mail?.link).toMatch(/\/account\/verify-email#token=/);
    const ok = await inject('POST', '/api/auth/email/verify', undefined, { token: mail!.token! });
    expect(ok.json().message).toBe('Your email address is verified');
    expect((await me(account.token)).json().security.emailVerified).toBe(true);
    expect((await inject('POST', '/api/auth/email/verify', undefined, { token: mail!.token! })).statusCode).toBe(400);
    expect((await inject('POST', '/api/auth/email/verify', undefined, { token: 'made-up' })).json().message).toMatch(/invalid/);
  });

  it('seeded demo accounts count as verified', async () => {
    const seeded = await startTestServer({ seed: true });
    try {
      const res = await seeded.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: 'patient@clinic.test', password: 'Patient#2026' }) });
      expect(res.json().security.emailVerified).toBe(true);
    } finally {
      await seeded.close();
    }
  });

  it('a reset link sets a new password once, within 30 minutes, and ends every session', async () => {
    const account = await signUpAndLogin(server.app, 'patient');
    const second = (await loginAs(account.email, account.password)).json().token as string;
    await inject('POST', '/api/auth/password/forgot', undefined, { email: account.email });
    const mail = lastMailTo(server.config.dataDir, account.email, 'Reset your password');
    expect(mail?.link).toMatch(/\/account\/reset-password#token=/);
    const short = await inject('POST', '/api/auth/password/reset', undefined, { token: mail!.token!, password: 'short' });
    expect(short.statusCode).toBe(400);
    const reset = await inject('POST', '/api/auth/password/reset', undefined, { token: mail!.token!, password: 'after-reset-pw-1' });
    expect(reset.statusCode).toBe(200);
    expect((await me(account.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await loginAs(account.email, 'after-reset-pw-1')).statusCode).toBe(200);
    const reuse = await inject('POST', '/api/auth/password/reset', undefined, { token: mail!.token!, password: 'third-password-1' });
    expect(reuse.statusCode).toBe(400);

    // A link older than 30 minutes no longer works.
    await inject('POST', '/api/auth/password/forgot', undefined, { email: account.email });
    const late = lastMailTo(server.config.dataDir, account.email, 'Reset your password');
    await server.app.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', account.id)
      .where('purpose', '=', 'reset_password')
      .execute();
    expect((await inject('POST', '/api/auth/password/reset', undefined, { token: late!.token!, password: 'too-late-pw-1' })).statusCode).toBe(400);
  });
});

describe('two-factor sign-in', () => {
  it('turns on with the current password and a code, then signs in only with a fresh code or a recovery code', async () => {
    const account = await signUpAndLogin(server.app, 'patient');
    const noPassword = await inject('POST', '/api/auth/two-factor/setup', account.token);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe('Please enter your current password to set up two-factor sign-in');
    expect((await inject('POST', '/api/auth/two-factor/setup', undefined, {})).statusCode).toBe(401);
    const setup = await inject('POST', '/api/auth/two-factor/setup', account.token, { currentPassword: account.password });
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qr } = setup.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    expect((await inject('POST', '/api/auth/two-factor/enable', account.token, { code: '000000' })).statusCode).toBe(400);
    for (const code of ['', '12345', '12a456', '1234567']) {
      const malformed = await inject('POST', '/api/auth/two-factor/enable', account.token, { code });
      expect(malformed.statusCode, code).toBe(400);
      expect(malformed.json().message).toBe('Please enter the 6-digit code from your authenticator app');
    }
    expect((await inject('POST', '/api/auth/two-factor/enable', undefined, { code: '' })).statusCode).toBe(401);
    const enabled = await inject('POST', '/api/auth/two-factor/enable', account.token, { code: await generate({ secret }) });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Stored hashed: no code appears in the database.
    const stored = await server.app.db.selectFrom('mfa_recovery_codes').select('code_hash').where('user_id', '=', account.id).execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
    for (const [action, what] of [
      ['disable', 'turn off two-factor sign-in'],
      ['recovery-codes', 'make new recovery codes'],
    ]) {
      const unsaid = await inject('POST', `/api/auth/two-factor/${action}`, account.token, { currentPassword: '' });
      expect(unsaid.statusCode, action).toBe(400);
      expect(unsaid.json().message).toBe(`Please enter your current password to ${what}`);
    }

    const first = await loginAs(account.email, account.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    expect(first.json().token).toBeUndefined();
    const challenge = first.json().challenge as string;
    const wrong = await inject('POST', '/api/auth/login/two-factor', undefined, { challenge, code: '123456' });
    expect(wrong.statusCode).toBe(401);
    const code = await nextCode(secret);
    const ok = await inject('POST', '/api/auth/login/two-factor', undefined, { challenge, code });
    expect(ok.statusCode).toBe(200);
    expect((await me(ok.json().token)).json().security.twoFactor).toBe(true);
    // The challenge and the code are single use.
    expect((await inject('POST', '/api/auth/login/two-factor', undefined, { challenge, code })).statusCode).toBe(401);
    const replay = (await loginAs(account.email, account.password)).json().challenge;
    expect((await inject('POST', '/api/auth/login/two-factor', undefined, { challenge: replay, code })).statusCode).toBe(401);

    const withRecovery = (await loginAs(account.email, account.password)).json().challenge;
    expect((await inject('POST', '/api/auth/login/two-factor', undefined, { challenge: withRecovery, code: codes[0].toUpperCase() })).statusCode).toBe(200);
    const recoveryAgain = (await loginAs(account.email, account.password)).json().challenge;
    expect((await inject('POST', '/api/auth/login/two-factor', undefined, { challenge: recoveryAgain, code: codes[0] })).statusCode).toBe(401);
  });

  it('a challenge allows five wrong codes, then the password step starts again', async () => {
    const account = await signUpAndLogin(server.app, 'patient');
    const { secret } = (await inject('POST', '/api/auth/two-factor/setup', account.token, { currentPassword: account.password })).json();
    await inject('POST', '/api/auth/two-factor/enable', account.token, { code: await generate({ secret }) });
    const challenge = (await loginAs(account.email, account.password)).json().challenge;
    for (let i = 0; i < 5; i++) await inject('POST', '/api/auth/login/two-factor', undefined, { challenge, code: '000000' });
    const late = await inject('POST', '/api/auth/login/two-factor', undefined, { challenge, code: await nextCode(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('This sign-in step has expired; please log in again');
  });
});

describe('sessions', () => {
  it('lists the sessions and signs out every other one', async () => {
    const account = await signUpAndLogin(server.app, 'pharmacist');
    const other = (await loginAs(account.email, account.password)).json().token as string;
    const list = await server.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { authorization: account.token } });
    expect(list.json().sessions).toHaveLength(2);
    expect(list.json().sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const out = await inject('POST', '/api/auth/sessions/end-others', account.token);
    expect(out.json().message).toBe('One other session was signed out');
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(account.token)).statusCode).toBe(200);
    // Another account's session cannot be ended by id.
    const stranger = await signUpAndLogin(server.app, 'patient');
    const strangerId = (await server.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { authorization: stranger.token } })).json().sessions[0]
      .id;
    expect((await inject('DELETE', `/api/auth/sessions/${strangerId}`, account.token)).statusCode).toBe(404);
    expect((await me(stranger.token)).statusCode).toBe(200);
  });
});

describe('sockets of ended sessions', () => {
  it('after logout, a socket already open stops receiving chat broadcasts (it is disconnected)', async () => {
    const url = await listen(server.app);
    const patient = await signUpAndLogin(server.app, 'patient');
    const doctor = await signUpAndLogin(server.app, 'doctor');
    const chatId = await openChat(server.app, patient.id, doctor.id);
    const p = await connect(url, { auth: { token: patient.token } });
    const d = await connect(url, { auth: { token: doctor.token } });
    p.socket.emit('joinChat', chatId);
    await settle(p);
    const disconnected = new Promise<string>((resolve) => p.socket.once('disconnect', (reason) => resolve(reason)));
    await inject('POST', '/api/auth/logout', patient.token);
    expect(await disconnected).toBe('io server disconnect');
    const secret = `after logout ${Date.now()}`;
    d.socket.emit('sendMessage', { chatId, content: secret, sender: doctor.token });
    await next<unknown[]>(d, 'chat', (list) => JSON.stringify(list).includes(secret));
    // p's connection was closed before the message was sent, so nothing can arrive later.
    expect(JSON.stringify(p.received.chat ?? [])).not.toContain(secret);
    d.socket.close();
  });

  it('a password change disconnects the sockets of the other sessions', async () => {
    const url = server.app.server.address() ? `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}` : await listen(server.app);
    const account = await signUpAndLogin(server.app, 'patient');
    const other = (await loginAs(account.email, account.password)).json().token as string;
    const s = await connect(url, { auth: { token: other } });
    const kept = await connect(url, { auth: { token: account.token } });
    const disconnected = new Promise<string>((resolve) => s.socket.once('disconnect', (reason) => resolve(reason)));
    await inject('PATCH', '/api/auth/user', account.token, { password: 'changed-password-2', currentPassword: account.password });
    expect(await disconnected).toBe('io server disconnect');
    // Answered only while the server still serves this socket.
    await settle(kept);
    expect(kept.socket.connected).toBe(true);
    kept.socket.close();
  });
});

describe('settings that tighten the rules', () => {
  it('REQUIRE_VERIFIED_EMAIL=true: buying, booking and chatting wait for a verified email', async () => {
    const strict = await startTestServer({ env: { REQUIRE_VERIFIED_EMAIL: 'true' } });
    try {
      const account = await signUpAndLogin(strict.app, 'patient');
      const pay = await strict.app.inject({ method: 'POST', url: '/api/checkout', ...withToken(account.token, { number: '4242424242424242' }) });
      expect(pay.statusCode).toBe(403);
      expect(pay.json().message).toMatch(/^Please verify your email address first/);
      const book = await strict.app.inject({ method: 'POST', url: '/api/appointment/reserve?appointment=x&receiver=y', ...withToken(account.token) });
      expect(book.statusCode).toBe(403);
      const mail = lastMailTo(strict.config.dataDir, account.email, 'Verify your email');
      await strict.app.inject({ method: 'POST', url: '/api/auth/email/verify', ...multipart({ token: mail!.token! }) });
      const after = await strict.app.inject({ method: 'POST', url: '/api/checkout', ...withToken(account.token, { number: '4242424242424242' }) });
      expect(after.json().message ?? '').not.toMatch(/verify your email/);
    } finally {
      await strict.close();
    }
  });

  it('REQUIRE_VERIFIED_EMAIL=true: an unverified patient is neither booked through an accepted request nor can move an appointment', async () => {
    const strict = await startTestServer({ env: { REQUIRE_VERIFIED_EMAIL: 'true' } });
    try {
      const day = new Date(Date.now() + 9 * 86400000).toISOString().slice(0, 10);
      const doctor = await signUpAndLogin(strict.app, 'doctor', { name: 'Dr. Verified Rule', specialization: 'Cardiology' });
      const patient = await signUpAndLogin(strict.app, 'patient', { name: 'Unverified Nour' });
      const slots: string[] = [];
      for (const time of ['09:00', '10:00', '11:00']) {
        const res = await strict.app.inject({ method: 'POST', url: '/api/appointment', ...withToken(doctor.token, { date: day, time }) });
        expect(res.statusCode, res.body).toBe(200);
        slots.push(res.json().appointment._id);
      }
      const sent = await strict.app.inject({
        method: 'POST',
        url: '/api/appointment/requests',
        ...withToken(patient.token, { phone: '01001234567', doctor: 'Dr. Verified Rule', date: day, time: '09:00', reason: 'Check-up' }),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const accepted = await strict.app.inject({
        method: 'POST',
        url: `/api/appointment/requests/${sent.json().request._id}/accept`,
        ...withToken(doctor.token, { appointment: slots[0]! }),
      });
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json().message).toBe(
        'Unverified Nour has not verified her email address yet: she can be booked once she has followed the link we emailed her',
      );
      const held = await strict.database.db.selectFrom('appointments').select('patient_id').where('id', '=', slots[0]!).executeTakeFirstOrThrow();
      expect(held.patient_id).toBeNull();

      // Booked while her address counted as verified; then it is no longer (she changed it and has not confirmed the new one).
      await strict.database.db.updateTable('account_security').set({ email_verified: 1 }).where('user_id', '=', patient.id).execute();
      expect(
        (
          await strict.app.inject({
            method: 'POST',
            url: `/api/appointment/reserve/?appointment=${slots[1]}&receiver=${doctor.id}`,
            ...withToken(patient.token),
          })
        ).statusCode,
      ).toBe(200);
      await strict.database.db.updateTable('account_security').set({ email_verified: 0 }).where('user_id', '=', patient.id).execute();
      const moved = await strict.app.inject({ method: 'POST', url: `/api/appointment/${slots[1]}/reschedule`, ...withToken(patient.token, { to: slots[2]! }) });
      expect(moved.statusCode).toBe(403);
      expect(moved.json().message).toMatch(/^Please verify your email address first/);
      const after = await strict.database.db.selectFrom('appointments').select(['id', 'patient_id']).where('id', 'in', [slots[1]!, slots[2]!]).execute();
      expect(after.find((a) => a.id === slots[1])?.patient_id).toBe(patient.id);
      expect(after.find((a) => a.id === slots[2])?.patient_id).toBeNull();
    } finally {
      await strict.close();
    }
  });

  it('MFA_REQUIRED_ROLES=doctor: a doctor can only reach the account settings until two-factor sign-in is on', async () => {
    const strict = await startTestServer({ env: { MFA_REQUIRED_ROLES: 'doctor,admin' } });
    try {
      const doctor = await signUpAndLogin(strict.app, 'doctor');
      const blocked = await strict.app.inject({ method: 'GET', url: '/api/appointment', headers: { authorization: doctor.token } });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toMatch(/two-factor sign-in/);
      const user = await strict.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: doctor.token } });
      expect(user.json().security).toMatchObject({ twoFactor: false, twoFactorRequired: true });
      const { secret } = (
        await strict.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', ...withToken(doctor.token, { currentPassword: doctor.password }) })
      ).json();
      await strict.app.inject({ method: 'POST', url: '/api/auth/two-factor/enable', ...withToken(doctor.token, { code: await generate({ secret }) }) });
      expect((await strict.app.inject({ method: 'GET', url: '/api/appointment', headers: { authorization: doctor.token } })).statusCode).toBe(200);
      const off = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/disable',
        ...withToken(doctor.token, { currentPassword: doctor.password }),
      });
      expect(off.statusCode).toBe(403);
      // The role's refusal comes before what the form lacks.
      const offWithout = await strict.app.inject({ method: 'POST', url: '/api/auth/two-factor/disable', ...withToken(doctor.token, {}) });
      expect(offWithout.statusCode).toBe(403);
      expect(offWithout.json().message).toBe('Your role must keep two-factor sign-in on');
      // Patients are not concerned.
      const patient = await signUpAndLogin(strict.app, 'patient');
      expect((await strict.app.inject({ method: 'GET', url: '/api/appointment', headers: { authorization: patient.token } })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('wrong passwords and codes on a signed-in session', () => {
  it('allows 5 wrong current passwords per account in 15 minutes, then answers 429 with Retry-After, even to the right one', async () => {
    const account = await signUpAndLogin(server.app, 'patient');
    // A right one along the way gives its try back.
    expect((await inject('POST', '/api/auth/two-factor/setup', account.token, { currentPassword: account.password })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      const wrong = await inject('PATCH', '/api/auth/user', account.token, { password: 'a-new-password-1', currentPassword: `guess-${i}` });
      expect(wrong.statusCode).toBe(403);
    }
    const limited = await inject('PATCH', '/api/auth/user', account.token, { password: 'a-new-password-1', currentPassword: account.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many wrong passwords or codes. Please wait 15 minutes and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
    // The same count covers the other places that ask for the password, and the password did not change.
    expect((await inject('POST', '/api/auth/two-factor/setup', account.token, { currentPassword: account.password })).statusCode).toBe(429);
    expect((await loginAs(account.email, account.password)).statusCode).toBe(200);
    // Another account is not affected.
    const other = await signUpAndLogin(server.app, 'patient');
    expect((await inject('POST', '/api/auth/two-factor/setup', other.token, { currentPassword: other.password })).statusCode).toBe(200);
  });

  it('counts wrong two-factor codes when turning it on the same way', async () => {
    const account = await signUpAndLogin(server.app, 'patient');
    const setup = await inject('POST', '/api/auth/two-factor/setup', account.token, { currentPassword: account.password });
    const { secret } = setup.json() as { secret: string };
    const right = await generate({ secret });
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await inject('POST', '/api/auth/two-factor/enable', account.token, { code: wrong })).statusCode).toBe(400);
    const limited = await inject('POST', '/api/auth/two-factor/enable', account.token, { code: right });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('two-factor secrets at rest', () => {
  const storedSecrets = (userId: string) =>
    server.app.db.selectFrom('account_security').select(['mfa_secret', 'mfa_pending_secret']).where('user_id', '=', userId).executeTakeFirstOrThrow();

  it('stores the secret encrypted, never as it is, and sign-in with a code still works', async () => {
    const account = await signUpAndLogin(server.app, 'patient');
    const { secret } = (await inject('POST', '/api/auth/two-factor/setup', account.token, { currentPassword: account.password })).json() as { secret: string };
    const pending = (await storedSecrets(account.id)).mfa_pending_secret ?? '';
    expect(pending).toMatch(/^enc:v1:/);
    expect(pending).not.toContain(secret);
    expect((await inject('POST', '/api/auth/two-factor/enable', account.token, { code: await generate({ secret }) })).statusCode).toBe(200);
    const stored = (await storedSecrets(account.id)).mfa_secret ?? '';
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(secret);
    const challenge = (await loginAs(account.email, account.password)).json().challenge as string;
    const ok = await inject('POST', '/api/auth/login/two-factor', undefined, { challenge, code: await nextCode(secret) });
    expect(ok.statusCode).toBe(200);
  });

  it('encrypts a secret stored before encryption existed the first time it is used', async () => {
    const account = await signUpAndLogin(server.app, 'patient');
    const { secret } = (await inject('POST', '/api/auth/two-factor/setup', account.token, { currentPassword: account.password })).json() as { secret: string };
    expect((await inject('POST', '/api/auth/two-factor/enable', account.token, { code: await generate({ secret }) })).statusCode).toBe(200);
    // As an older version of the portal left it.
    await server.app.db.updateTable('account_security').set({ mfa_secret: secret }).where('user_id', '=', account.id).execute();
    const challenge = (await loginAs(account.email, account.password)).json().challenge as string;
    const ok = await inject('POST', '/api/auth/login/two-factor', undefined, { challenge, code: await nextCode(secret) });
    expect(ok.statusCode).toBe(200);
    const stored = (await storedSecrets(account.id)).mfa_secret ?? '';
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(secret);
  });
});

describe('the outbox log', () => {
  it('never prints a token or a link that carries one; the message file keeps the link', async () => {
    const lines: string[] = [];
    const record = (...args: unknown[]) => lines.push(JSON.stringify(args));
    const log = { info: record, warn: record, error: record, debug: record } as unknown as Parameters<typeof createMailer>[1];
    const mailer = createMailer(server.config, log);
    for (const link of [
      'http://localhost:3000/reset-password#token=SECRET-RESET-0123456789',
      'http://localhost:3000/verify-email?token=SECRET-VERIFY-0123456789',
    ]) {
      await mailer.send({ to: 'someone@example.test', subject: 'Reset your password', text: `Follow ${link}`, html: `<a href="${link}">Reset</a>`, link });
    }
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const logged = lines.join('\n');
    expect(logged).not.toContain('SECRET-');
    expect(logged).not.toContain('token=');
    expect(logged).toContain('.eml');
    const outbox = readOutbox(server.config.dataDir);
    expect(JSON.stringify(outbox)).toContain('SECRET-RESET-0123456789');
  });
});
