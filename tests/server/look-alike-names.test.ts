import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, multipart, signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';

/**
 * Nobody passes for a doctor: names are compared on Unicode's confusable skeletons with titles and
 * credentials set aside, so look-alike professionals are refused at sign-up and on renames, and
 * patients take neither a title nor a professional's name. A professional's change of name,
 * department or licence number waits for an administrator, and until then he is listed, and acts,
 * under the approved values. The seeded clinic has "Dr. Ahmed Hassan" (Cardiology).
 */
let server: TestServer;
let adminToken = '';
const json = (res: LightMyRequestResponse) => res.json() as any;
const get = (url: string, token?: string) => server.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
const post = (url: string, token: string, fields: Parameters<typeof withToken>[1] = {}) =>
  server.app.inject({ method: 'POST', url, ...withToken(token, fields) });
const patch = (token: string, fields: Parameters<typeof withToken>[1]) =>
  server.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(token, fields) });
const signup = (role: 'doctor' | 'pharmacist' | 'patient', name: string, extra: Record<string, string> = {}) => {
  const unique = Math.random().toString(36).slice(2, 9);
  return server.app.inject({
    method: 'POST',
    url: `/api/${role}/auth/signup`,
    ...multipart({
      name,
      username: `u_${unique}`,
      email: `u.${unique}@example.test`,
      password: 'correct-horse-battery',
      ...(role === 'doctor' ? { specialization: 'Cardiology', licenseNumber: `EMS-${unique}` } : {}),
      ...(role === 'pharmacist' ? { pharmacyName: 'Corner', licenseNumber: `EPS-${unique}`, pharmacyLicenseNumber: `PH-${unique}` } : {}),
      ...extra,
    }),
  });
};
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const guestRequest = (department: string, name: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/appointment/requests',
    ...multipart({ name, phone: '+20 100 555 0101', department, date: daysAhead(9), time: '10:00', reason: `Reason of ${name}` }),
  });
const requestNames = async (token: string) => (json(await get('/api/appointment/requests', token)).requests as { name: string }[]).map((r) => r.name);

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: 'admin@clinic.test', password: 'Admin#2026' }) });
  expect(res.statusCode, res.body).toBe(200);
  adminToken = json(res).token;
});
afterAll(() => server?.close());

describe('look-alike professionals', () => {
  const lookAlikes: [string, string][] = [
    ['Latin alpha (U+0251)', 'Dr. Ahmed H\u0251ssan'],
    ['small capitals', '\u1d00\u029c\u1d0d\u1d07\u1d05 \u029c\u1d00ss\u1d00\u0274'],
    ['"Prof." for "Dr."', 'Prof. Ahmed Hassan'],
    ['"Doctor"', 'Doctor Ahmed Hassan'],
    ['Arabic "د."', 'د. Ahmed Hassan'],
    ['"MD" after the name', 'Ahmed Hassan MD'],
    ['"M.D., PhD"', 'Ahmed Hassan, M.D., PhD'],
    ['a department in brackets', 'Ahmed Hassan (Cardiology)'],
    ['"rn" for "m"', 'Dr. Ahrned Hassan'],
    ['one letter fewer', 'Dr. Ahmed Hasan'],
    ['"Consultant" and an extra letter', 'Consultant Ahmed Hassaan'],
  ];
  it.each(lookAlikes)('refuses %s at sign-up, with a sentence a person understands', async (_what, name) => {
    for (const role of ['doctor', 'pharmacist'] as const) {
      const res = await signup(role, name);
      expect(res.statusCode, `${role} ${name}: ${res.body}`).toBe(409);
      expect(json(res).message).toMatch(
        /^(A doctor or pharmacist with this name is already registered|Your name looks almost the same as that of a doctor or pharmacist already registered; please write your full name .*)$/,
      );
    }
  });

  it('refuses the Cherokee "Ꮋ" among Latin letters', async () => {
    const res = await signup('doctor', 'Dr. Ahmed \u13bbassan');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('The name mixes Latin and Cherokee letters; please write it in one alphabet');
  });

  it('refuses an approved professional renaming himself into a look-alike', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Karim Lotfy' });
    const res = await patch(doctor.token, { name: 'Dr. Ahmed Hɑssan' });
    expect(res.statusCode).toBe(409);
    expect(json(await get('/api/auth/user', doctor.token)).user).toMatchObject({ name: 'Karim Lotfy', pendingChange: null });
  });

  it('lets genuinely different names through, in English and Arabic', async () => {
    for (const name of ['Dr. Ahmed Hassanein', 'Dr. Ahmed Hassan Farouk', 'Dr. Mahmoud Hassan', 'د. أحمد حسن', 'د. محمد حسن', 'د. أحمد حسين']) {
      const res = await signup('doctor', name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
    // Arabic look-alikes still meet: another spelling of the alef, a stretching stroke, "الدكتور" for "د.".
    for (const name of ['الدكتور احمد حسن', 'د. أحمـــد حسن', 'أ.د. أحمد حسن']) {
      const res = await signup('doctor', name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(409);
    }
  });
});

describe('patients', () => {
  it.each([
    'Dr. Yasmin Fikry',
    'Doctor Yasmin Fikry',
    'Prof. Yasmin Fikry',
    'Yasmin Fikry MD',
    'Yasmin Fikry, PhD',
    'Yasmin Fikry (Cardiology)',
    'د. ياسمين فكري',
    'الدكتورة ياسمين فكري',
    'أ.د. ياسمين فكري',
    'بروفيسور ياسمين فكري',
  ])('cannot sign up as "%s"', async (name) => {
    const res = await signup('patient', name);
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).message).toBe('A patient account cannot carry a professional title such as Dr., Prof., MD or د.; please write your name without it');
  });

  it('cannot write "Dr." with a Cherokee "Ꭰ" either', async () => {
    const res = await signup('patient', '\u13a0r. Yasmin Fikry');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('The name mixes Latin and Cherokee letters; please write it in one alphabet');
  });

  it("cannot take a professional's name, nor a look-alike of it, at sign-up or later", async () => {
    for (const name of ['Ahmed Hassan', 'Ahmed Hɑssan', 'Ahrned Hassan']) {
      const res = await signup('patient', name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(409);
    }
    const patient = await signUpAndLogin(server.app, 'patient', { name: 'Yasmin Fikry' });
    const titled = await patch(patient.token, { name: 'Dr. Yasmin Fikry' });
    expect(titled.statusCode).toBe(400);
    const doctorsName = await patch(patient.token, { name: 'Ahmed Hassan' });
    expect(doctorsName.statusCode).toBe(409);
    expect(json(doctorsName).message).toBe(
      'This is the name of a doctor or pharmacist at the clinic; please write your full name so nobody takes you for them',
    );
    expect(json(await get('/api/auth/user', patient.token)).user.name).toBe('Yasmin Fikry');
    const fine = await patch(patient.token, { name: 'Yasmin Fikry Hassan' });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('answers in Arabic when asked to', async () => {
    const unique = Math.random().toString(36).slice(2, 9);
    const form = multipart({ name: 'د. ياسمين', username: `ar_${unique}`, email: `ar.${unique}@example.test`, password: 'correct-horse-battery' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/patient/auth/signup',
      payload: form.payload,
      headers: { ...form.headers, 'accept-language': 'ar' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('لا يحمل حساب المريض لقبًا مهنيًا مثل Dr. أو Prof. أو MD أو د.؛ يُرجى كتابة اسمك بدونه');
  });
});

describe("a professional's change of name, department or licence number", () => {
  let doctor: Account;
  beforeAll(async () => {
    doctor = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Sherif Nabil', specialization: 'Cardiology', licenseNumber: 'EMS-77001' });
  });

  it('waits for an administrator: he stays listed, and sees requests, under the approved values', async () => {
    expect((await guestRequest('Cardiology', 'Hoda Cardio')).statusCode).toBe(200);
    expect((await guestRequest('Neurology', 'Laila Neuro')).statusCode).toBe(200);

    const res = await patch(doctor.token, { name: 'Dr. Sherif Nabil Kamel', specialization: 'Neurology', licenseNumber: 'EMS-88002', about: 'Neurologist' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toContain('waits for the clinic to check it');
    expect(json(res).user).toMatchObject({
      name: 'Sherif Nabil',
      specialization: 'Cardiology',
      licenseNumber: 'EMS-77001',
      about: 'Neurologist',
      pendingChange: { name: 'Sherif Nabil Kamel', specialization: 'Neurology', licenseNumber: 'EMS-88002' },
    });

    // Still the Cardiology doctor: listed there, and the Neurology department's requests stay hidden.
    expect(JSON.stringify(json(await get('/api/doctors?specialization=Neurology')).doctor)).not.toContain('Sherif');
    expect(JSON.stringify(json(await get('/api/doctors?specialization=Cardiology')).doctor)).toContain('Sherif Nabil');
    const names = await requestNames(doctor.token);
    expect(names).toContain('Hoda Cardio');
    expect(names).not.toContain('Laila Neuro');

    const waiting = json(await get('/api/admin/profile-changes', adminToken)).changes;
    const mine = waiting.find((c: any) => c.user._id === doctor.id);
    expect(mine).toMatchObject({
      user: { name: 'Sherif Nabil', specialization: 'Cardiology', licenseNumber: 'EMS-77001' },
      change: { name: 'Sherif Nabil Kamel', specialization: 'Neurology', licenseNumber: 'EMS-88002' },
    });
    expect((await get('/api/admin/profile-changes', doctor.token)).statusCode).toBe(403);
    expect((await post(`/api/admin/profile-changes/${doctor.id}/approve`, doctor.token)).statusCode).toBe(403);

    const approved = await post(`/api/admin/profile-changes/${doctor.id}/approve`, adminToken);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json(approved).user).toMatchObject({ name: 'Sherif Nabil Kamel', specialization: 'Neurology', licenseNumber: 'EMS-88002' });
    expect((await post(`/api/admin/profile-changes/${doctor.id}/approve`, adminToken)).statusCode).toBe(409);

    expect(json(await get('/api/auth/user', doctor.token)).user).toMatchObject({
      name: 'Sherif Nabil Kamel',
      specialization: 'Neurology',
      pendingChange: null,
    });
    const moved = await requestNames(doctor.token);
    expect(moved).toContain('Laila Neuro');
    expect(moved).not.toContain('Hoda Cardio');
    const audit = json(await get('/api/admin/audit', adminToken)).entries;
    expect(audit[0]).toMatchObject({ action: 'approve-change', targetId: doctor.id });
  });

  it('a rejected change leaves him as he was, with the reason told', async () => {
    const res = await patch(doctor.token, { specialization: 'Eye' });
    expect(res.statusCode, res.body).toBe(200);
    // A second request adds to the first one still waiting.
    const more = await patch(doctor.token, { licenseNumber: 'EMS-99003' });
    expect(json(more).user.pendingChange).toMatchObject({ specialization: 'Eye', licenseNumber: 'EMS-99003' });
    const noReason = await post(`/api/admin/profile-changes/${doctor.id}/reject`, adminToken);
    expect(noReason.statusCode).toBe(400);
    const rejected = await post(`/api/admin/profile-changes/${doctor.id}/reject`, adminToken, { reason: 'No certificate for ophthalmology' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(json(await get('/api/auth/user', doctor.token)).user).toMatchObject({
      specialization: 'Neurology',
      licenseNumber: 'EMS-88002',
      pendingChange: null,
    });
    const notes = json(await get('/api/notifications', doctor.token));
    expect(JSON.stringify(notes)).toContain('No certificate for ophthalmology');
  });

  it('a name asked for is taken by nobody else meanwhile, and is checked again when approved', async () => {
    const res = await patch(doctor.token, { name: 'Dr. Rania Fawzy' });
    expect(res.statusCode, res.body).toBe(200);
    const other = await signup('doctor', 'Dr. Rania Fawzi');
    expect(other.statusCode).toBe(409);
    // Someone registered (directly in the database) under a look-alike meanwhile: the approval is refused.
    const clash = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Placeholder Person' });
    await server.app.db.updateTable('users').set({ name: 'Dr. Rania Fawzyy' }).where('id', '=', clash.id).execute();
    const approve = await post(`/api/admin/profile-changes/${doctor.id}/approve`, adminToken);
    expect(approve.statusCode).toBe(409);
    expect(json(await get('/api/auth/user', doctor.token)).user.name).toBe('Sherif Nabil Kamel');
  });

  it("an applicant's edits apply at once: the administrator reviews the whole application", async () => {
    const applicant = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Wael Samy' }, { pending: true });
    const res = await patch(applicant.token, { specialization: 'Eye' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).user).toMatchObject({ specialization: 'Eye', pendingChange: null });
  });
});
