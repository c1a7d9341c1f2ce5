import type { LightMyRequestResponse } from 'fastify';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids.js';
import { multipart, signUpAndLogin, startTestServer, tinyPng, withToken, type TestServer } from './helpers.js';

/**
 * The whole story of issue 16: a doctor signs up (pending, not listed, cannot publish), an
 * administrator approves him, a patient reserves, he reads her history while the reservation
 * holds, she cancels, he is refused and the refusal is in her log. Around it: names that cannot
 * impersonate, licence documents kept private, care that ends with time, suspension that ends
 * sessions and sockets, unpublishing, the dashboard and the audit log.
 */
let server: TestServer;
let adminToken = '';
const json = (res: LightMyRequestResponse) => res.json() as any;
const get = (url: string, token?: string) => server.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
const post = (url: string, token: string, fields: Parameters<typeof withToken>[1] = {}) =>
  server.app.inject({ method: 'POST', url, ...withToken(token, fields) });
const login = (email: string, password: string) => server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email, password }) });
const signup = (role: 'doctor' | 'pharmacist', fields: Parameters<typeof multipart>[0]) =>
  server.app.inject({ method: 'POST', url: `/api/${role}/auth/signup`, ...multipart(fields) });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function doctorFields(name: string, extra: Parameters<typeof multipart>[0] = {}) {
  const unique = Math.random().toString(36).slice(2, 9);
  return {
    name,
    username: `dr_${unique}`,
    email: `dr.${unique}@example.test`,
    password: 'correct-horse-battery',
    specialization: 'Cardiology',
    licenseNumber: `EMS-${unique}`,
    ...extra,
  };
}

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const res = await login('admin@clinic.test', 'Admin#2026');
  expect(res.statusCode, res.body).toBe(200);
  expect(json(res).role).toBe('admin');
  adminToken = json(res).token;
});
afterAll(() => server?.close());

describe('names that cannot impersonate', () => {
  it('refuses near-copies of a seeded doctor: doubled spaces, a zero-width space, other case, a Cyrillic letter', async () => {
    for (const name of ['Dr.  Ahmed Hassan', 'Dr. Ahmed\u200b Hassan', 'dr ahmed hassan', 'Ahmed Hassan', 'Dr. Ahmed Hassan\u202e']) {
      const res = await signup('doctor', doctorFields(name));
      expect(res.statusCode, name).toBe(409);
      expect(json(res).message).toMatch(/^A doctor (or pharmacist )?with this name is already registered$/);
    }
    const cyrillic = await signup('doctor', doctorFields('Dr. Ahmed H\u0430ssan'));
    expect(cyrillic.statusCode).toBe(400);
    expect(json(cyrillic).message).toBe('The name mixes Latin and Cyrillic letters; please write it in one alphabet');
  });

  it('stores and shows the normalized name: NFKC, invisible and bidi controls gone, spaces collapsed; Arabic with Latin is fine', async () => {
    const res = await signup('doctor', doctorFields('Dr.\u00a0\uFF2Eour   Salem\u200d\u2066'));
    expect(res.statusCode, res.body).toBe(200);
    // The title is not part of the stored name: screens add it.
    expect(json(res).user.name).toBe('Nour Salem');
    const arabic = await signup('doctor', doctorFields('Dr. أحمد فاروق'));
    expect(arabic.statusCode, arabic.body).toBe(200);
  });
});

describe('sign-up of professionals', () => {
  it('takes a sign-up without a licence as pending (it is given later), and still checks a licence number that is given', async () => {
    const noLicence = await signup('doctor', { ...doctorFields(`Dr. Nolicence ${newId().slice(-5)}`), licenseNumber: '' });
    expect(noLicence.statusCode, noLicence.body).toBe(200);
    expect(json(noLicence).user).toMatchObject({ status: 'pending', licenseNumber: '' });
    const badNumber = await signup('doctor', { ...doctorFields(`Dr. Badnumber ${newId().slice(-5)}`), licenseNumber: '#1' });
    expect(badNumber.statusCode).toBe(400);
    expect(json(badNumber).message).toBe('The licence number must be 2 to 50 letters, digits, spaces, "/" or "-"');
  });

  it('keeps the licence document private, checked by its bytes, and shows it to administrators only, audited and never cached', async () => {
    const fake = await signup(
      'doctor',
      doctorFields(`Dr. Fake Doc ${newId().slice(-5)}`, {
        licenseDocument: { filename: 'licence.pdf', content: Buffer.from('<html>'), type: 'application/pdf' },
      }),
    );
    expect(fake.statusCode).toBe(400);
    expect(json(fake).message).toBe('The licence document must be a PDF or a PNG, GIF or JPEG image');
    const res = await signup(
      'doctor',
      doctorFields(`Dr. Real Doc ${newId().slice(-5)}`, { licenseDocument: { filename: 'licence.pdf', content: pdf, type: 'application/pdf' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const user = json(res).user;
    expect(user).toMatchObject({ status: 'pending', hasLicenseDocument: true });
    expect(res.body).not.toContain('/uploads/');
    const stored = await server.app.db.selectFrom('users').select('license_document').where('id', '=', user._id).executeTakeFirstOrThrow();
    expect(stored.license_document).toMatch(/^private:[0-9a-f]{24}\.pdf$/);

    const url = `/api/admin/professionals/${user._id}/license-document`;
    const asAdmin = await get(url, adminToken);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('application/pdf');
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    expect(asAdmin.rawPayload.equals(pdf)).toBe(true);
    const patient = await signUpAndLogin(server.app, 'patient');
    expect((await get(url, patient.token)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    const audit = json(await get('/api/admin/audit', adminToken)).entries;
    expect(audit.some((e: { action: string; targetId: string }) => e.action === 'view-licence' && e.targetId === user._id)).toBe(true);
  });

  it('creates no administrator by sign-up', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/api/admin/auth/signup', ...multipart(doctorFields('Dr. Admin')) })).statusCode).toBe(404);
  });
});

describe('from sign-up to care and its end', () => {
  const name = 'Dr. Karim Fathalla';
  let doctor: { token: string; id: string };
  let patient: { token: string; id: string };
  let slotId = '';

  it('a new doctor is pending: he logs in and sees it, is not listed, and cannot add a slot', async () => {
    const res = await signup(
      'doctor',
      doctorFields(name, { email: 'karim.fathalla@example.test', licenseDocument: { filename: 'licence.pdf', content: pdf, type: 'application/pdf' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).user.status).toBe('pending');
    const session = await login('karim.fathalla@example.test', 'correct-horse-battery');
    expect(session.statusCode).toBe(200);
    doctor = { token: json(session).token, id: json(session).user._id };
    expect(json(session).user.status).toBe('pending');
    expect((await get('/api/doctors')).body).not.toContain(doctor.id);
    expect((await get(`/api/doctors/?name=${encodeURIComponent(name)}`)).statusCode).toBe(404);
    const slot = await post('/api/appointment', doctor.token, { date: inDays(7), time: '10:00' });
    expect(slot.statusCode).toBe(403);
    expect(json(slot).message).toBe('Your account is awaiting approval by the clinic; you can do this once it is approved');
  });

  it('the administrator finds him among pending applications and approves him; he is listed', async () => {
    const pending = json(await get('/api/admin/professionals?status=pending', adminToken)).professionals;
    expect(pending.some((p: { _id: string }) => p._id === doctor.id)).toBe(true);
    const approved = await post(`/api/admin/professionals/${doctor.id}/approve`, adminToken);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json(approved).user.status).toBe('approved');
    expect((await post(`/api/admin/professionals/${doctor.id}/approve`, adminToken)).statusCode).toBe(409);
    expect((await get('/api/doctors')).body).toContain(doctor.id);
    expect(json(await get('/api/auth/user', doctor.token)).user.status).toBe('approved');
    const slot = await post('/api/appointment', doctor.token, { date: inDays(7), time: '10:00' });
    expect(slot.statusCode, slot.body).toBe(200);
    slotId = json(slot).appointment._id;
  });

  it('a patient reserves; he reads her history and her log says why it was allowed', async () => {
    patient = await signUpAndLogin(server.app, 'patient');
    expect((await post(`/api/appointment/reserve/?appointment=${slotId}&receiver=${doctor.id}`, patient.token)).statusCode).toBe(200);
    const read = await get(`/api/history/?patient=${patient.id}`, doctor.token);
    expect(read.statusCode, read.body).toBe(200);
    const log = json(await get(`/api/history/access-log/?patient=${patient.id}`, patient.token));
    const allowed = log.entries.find((e: { actor: { _id: string }; outcome: string }) => e.actor._id === doctor.id && e.outcome === 'allowed');
    expect(allowed.reason).toBe(`Holds an upcoming appointment with her on ${inDays(7)}`);
  });

  it('she cancels before the appointment: he is refused, and the refusal is in her log', async () => {
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/appointment/cancel/?appointment=${slotId}`, headers: { authorization: patient.token } }))
        .statusCode,
    ).toBe(200);
    const refused = await get(`/api/history/?patient=${patient.id}`, doctor.token);
    expect(refused.statusCode).toBe(403);
    const { entries } = json(await get(`/api/history/access-log/?patient=${patient.id}`, patient.token));
    expect(entries[0]).toMatchObject({ actor: { _id: doctor.id, role: 'doctor' }, action: 'read', outcome: 'denied' });
  });

  it('after an appointment the doctor reads for CARE_ACCESS_DAYS days, not after', async () => {
    const insertSlot = (daysAgo: number) =>
      server.app.db
        .insertInto('appointments')
        .values({
          id: newId(),
          doctor_id: doctor.id,
          starts_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
          time: '10:00',
          reserved: 1,
          patient_id: patient.id,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
    await insertSlot(31);
    expect((await get(`/api/history/?patient=${patient.id}`, doctor.token)).statusCode).toBe(403);
    await insertSlot(29);
    expect((await get(`/api/history/?patient=${patient.id}`, doctor.token)).statusCode).toBe(200);
    const { entries } = json(await get(`/api/history/access-log/?patient=${patient.id}`, patient.token));
    expect(entries[0].reason).toMatch(/^Saw her on \d{4}-\d{2}-\d{2}; access lasts 30 days after the appointment$/);
  });
});

describe('the patient’s log', () => {
  it('counts refused guest reads per address instead of a row each, and pages the log', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    for (let i = 0; i < 60; i++) await get(`/api/history/?patient=${patient.id}`);
    for (let i = 0; i < 55; i++) await get(`/api/history/?patient=${patient.id}`, patient.token);
    const first = json(await get(`/api/history/access-log/?patient=${patient.id}`, patient.token));
    expect(first.guestRefusals).toEqual([{ address: '127.0.0.1', count: 60, first_at: expect.any(String), last_at: expect.any(String) }]);
    expect(first.entries).toHaveLength(50);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 55 });
    const second = json(await get(`/api/history/access-log/?patient=${patient.id}&page=2`, patient.token));
    expect(second.entries).toHaveLength(5);
    expect((await get(`/api/history/access-log/?patient=${patient.id}&page=zero`, patient.token)).statusCode).toBe(400);
  });
});

describe('lab results are private files', () => {
  it('are read through the authorized route only, never from /uploads', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const other = await signUpAndLogin(server.app, 'patient');
    expect(
      (await post('/api/history/lab', patient.token, { lab: 'CBC', name: 'Cairo Lab', result: { filename: 'r.png', content: tinyPng, type: 'image/png' } }))
        .statusCode,
    ).toBe(200);
    const url = json(await get(`/api/history/?patient=${patient.id}`, patient.token)).history.laboratory_tests[0].result;
    // Signed for its reader (an <img> sends no token); the bare route asks for a token.
    expect(url).toMatch(/^\/api\/history\/lab\/[0-9a-f]{24}\/result\?v=/);
    const bare = url.split('?')[0];
    expect((await get(bare, patient.token)).statusCode).toBe(200);
    expect((await get(bare, other.token)).statusCode).toBe(403);
    expect((await get(bare)).statusCode).toBe(401);
    const { entries } = json(await get(`/api/history/access-log/?patient=${patient.id}`, patient.token));
    expect(entries.some((e: { target: string; outcome: string }) => e.target === 'lab-result' && e.outcome === 'denied')).toBe(true);
    expect(entries.some((e: { target: string; outcome: string }) => e.target === 'lab-result' && e.outcome === 'allowed')).toBe(true);
  });
});

describe('administration', () => {
  it('rejects with a reason the applicant reads, and asks for the reason', async () => {
    const applicant = await signUpAndLogin(server.app, 'pharmacist', {}, { pending: true });
    expect((await post(`/api/admin/professionals/${applicant.id}/reject`, adminToken, { reason: '  ' })).statusCode).toBe(400);
    expect((await post(`/api/admin/professionals/${applicant.id}/reject`, adminToken, { reason: 'The pharmacy licence has expired' })).statusCode).toBe(200);
    expect(json(await get('/api/auth/user', applicant.token)).user).toMatchObject({ status: 'rejected', statusReason: 'The pharmacy licence has expired' });
    expect(json(await get('/api/admin/professionals?status=rejected', adminToken)).professionals.some((p: { _id: string }) => p._id === applicant.id)).toBe(
      true,
    );
    const unknownStatus = await get('/api/admin/professionals?status=whatever', adminToken);
    expect(unknownStatus.statusCode).toBe(400);
    expect(json(unknownStatus).message).toBe('The status must be pending, approved, rejected or suspended');
    // Who may ask is answered before what is wrong with the query.
    expect((await get('/api/admin/professionals?status=whatever')).statusCode).toBe(401);
    expect((await get('/api/admin/professionals?status=whatever', applicant.token)).statusCode).toBe(403);
  });

  it('suspends an account: its chat socket is disconnected at once; reinstating lets it log in again', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const socket = io(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: patient.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const found = json(await get(`/api/admin/users?q=${encodeURIComponent(patient.email)}`, adminToken)).users;
    expect(found.map((u: { _id: string }) => u._id)).toEqual([patient.id]);
    const res = await post(`/api/admin/users/${patient.id}/suspend`, adminToken, { reason: 'Abusive messages' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    socket.close();
    expect((await get('/api/auth/user', patient.token)).statusCode).toBe(401);
    expect((await login(patient.email, patient.password)).statusCode).toBe(403);
    expect((await post(`/api/admin/users/${patient.id}/reinstate`, adminToken)).statusCode).toBe(200);
    expect((await login(patient.email, patient.password)).statusCode).toBe(200);
    const admins = json(await get('/api/admin/users?q=admin@clinic.test', adminToken)).users;
    expect((await post(`/api/admin/users/${admins[0]._id}/suspend`, adminToken, { reason: 'x' })).statusCode).toBe(400);
  });

  it('unpublishes an article and a product with a reason: both leave the public site', async () => {
    const article = json(await get('/api/admin/articles', adminToken)).items[0];
    expect((await post(`/api/admin/articles/${article._id}/unpublish`, adminToken, { reason: 'Unproven claims' })).statusCode).toBe(200);
    expect((await get('/api/blog')).body).not.toContain(article._id);
    expect(json(await get(`/api/blog?slug=${article.slug}`)).blog ?? []).toEqual([]);
    const product = json(await get('/api/admin/products', adminToken)).items[0];
    expect((await post(`/api/admin/products/${product._id}/unpublish`, adminToken, { reason: 'Not a licensed medicine' })).statusCode).toBe(200);
    expect((await get(`/api/medicine/?product=${product.slug}`)).statusCode).toBe(404);
    const again = json(await get('/api/admin/products', adminToken)).items.find((p: { _id: string }) => p._id === product._id);
    expect(again).toMatchObject({ published: false, unpublishedReason: 'Not a licensed medicine' });
  });

  it('pages the account and professional lists, newest accounts first, with a default page size and a bounded limit', async () => {
    for (const [path, key] of [
      ['/api/admin/users?', 'users'],
      ['/api/admin/professionals?status=approved&', 'professionals'],
    ] as const) {
      const first = json(await get(`${path}limit=2`, adminToken));
      expect(first, path).toMatchObject({ page: 1, limit: 2 });
      expect(first[key]).toHaveLength(2);
      expect(first.total).toBeGreaterThan(2);
      expect(first.pages).toBe(Math.ceil(first.total / 2));
      const second = json(await get(`${path}limit=2&page=2`, adminToken));
      expect(second.page).toBe(2);
      const ids = [...first[key], ...second[key]].map((u: { _id: string }) => u._id);
      expect(new Set(ids).size).toBe(ids.length);
      const all = json(await get(path, adminToken));
      expect(all.limit).toBe(50);
      expect(all[key].length).toBe(Math.min(50, all.total));
      for (const [query, message] of [
        ['page=1e20', 'The page must be a whole number from 1'],
        ['page=0', 'The page must be a whole number from 1'],
        ['limit=1e20', 'The page size must be a whole number from 1 to 100'],
        ['limit=101', 'The page size must be a whole number from 1 to 100'],
      ]) {
        const bad = await get(`${path}${query}`, adminToken);
        expect(bad.statusCode, `${path}${query}`).toBe(400);
        expect(json(bad).message).toBe(message);
      }
    }
  });

  it('writes every action to the audit log, newest first', async () => {
    const { entries, total } = json(await get('/api/admin/audit', adminToken));
    const actions = new Set(entries.map((e: { action: string }) => e.action));
    for (const action of ['approve', 'reject', 'suspend', 'reinstate', 'unpublish', 'view-licence']) expect(actions.has(action), action).toBe(true);
    expect(total).toBeGreaterThanOrEqual(6);
    expect(entries[0].actor.name).toBe('Clinic Administrator');
    for (const page of ['0', '-1', '1.5', 'abc', '1234567']) {
      const bad = await get(`/api/admin/audit?page=${page}`, adminToken);
      expect(bad.statusCode, page).toBe(400);
      expect(json(bad).message).toBe('The page must be a whole number from 1');
    }
    expect(json(await get('/api/admin/audit?page=', adminToken)).page).toBe(1);
    expect((await get('/api/admin/audit?page=0')).statusCode).toBe(401);
  });

  it('shows today’s and this month’s figures and 14 days for the chart', async () => {
    const stats = json(await get('/api/admin/stats', adminToken));
    expect(stats.today.bookings).toBeGreaterThanOrEqual(1);
    expect(stats.month.newPatients).toBeGreaterThanOrEqual(stats.today.newPatients);
    expect(stats.today.newPatients).toBeGreaterThanOrEqual(5);
    expect(stats.daily).toHaveLength(14);
    expect(stats.timeZone).toBe('Africa/Cairo');
  });
});
