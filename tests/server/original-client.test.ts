import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids.js';
import { labAddressSeconds } from '../../server/modules/history/service.js';
import { lastMailTo } from './outbox.js';
import { multipart, signUpAndLogin, startTestServer, tinyPng, withToken, type Account, type TestServer } from './helpers.js';

/**
 * The existing client (api-contract.md) against our server: its sign-up form (no licence field),
 * its diagnosis form (a `doctor` id), the lab result it shows in an <img>, and 401s it parses as JSON.
 */
let server: TestServer;
let adminToken = '';
const json = (res: { body: string }) => JSON.parse(res.body);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The existing client's shared auth form, every key sent, as its FormData builds it. */
function sharedAuthForm(overrides: Record<string, string | { filename: string; content: Buffer; type?: string }>) {
  const unique = Math.random().toString(36).slice(2, 9);
  return {
    name: '',
    username: `old_${unique}`,
    email: `old.${unique}@example.test`,
    password: 'correct-horse-battery',
    phone: '01001234567',
    government: 'Cairo',
    country: 'Egypt',
    specialization: '',
    location: '12 Nile St',
    pharmacyName: '',
    height: '',
    weight: '',
    blood_type: '',
    officeNumber: '',
    gender: 'male',
    ...overrides,
  };
}
const signup = (role: string, fields: Parameters<typeof multipart>[0]) =>
  server.app.inject({ method: 'POST', url: `/api/${role}/auth/signup`, ...multipart(fields) });
const login = async (email: string) => {
  const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email, password: 'correct-horse-battery' }) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).token as string;
};
const approve = (id: string) => server.app.inject({ method: 'POST', url: `/api/admin/professionals/${id}/approve`, ...withToken(adminToken) });

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: 'admin@clinic.test', password: 'Admin#2026' }) });
  adminToken = json(res).token;
});
afterAll(() => server?.close());

describe('sign-up from the existing client, and approval once the licence is there', () => {
  it('creates a pending doctor from the form without a licence, asks for it, and refuses approval until it is given', async () => {
    const email = `old.doc.${newId().slice(-6)}@example.test`;
    const res = await signup(
      'doctor',
      sharedAuthForm({
        name: 'Dr. Samy Wahba',
        email,
        specialization: 'Cardiology',
        officeNumber: '12',
        certificate: { filename: 'c.png', content: tinyPng, type: 'image/png' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const user = json(res).user;
    expect(user).toMatchObject({ status: 'pending', licenseNumber: '', hasLicenseDocument: false, name: 'Samy Wahba' });
    expect(json(res).message).toContain('Account created successfully');
    expect(json(res).message).toContain('please give your licence number and upload your licence document');
    // Her welcome mail asks for them too.
    expect(lastMailTo(server.config.dataDir, email)?.text).toContain('please give your licence number and upload your licence document in Settings → Profile');

    const refused = await approve(user._id);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe('This account has no licence number yet: it cannot be approved until the applicant gives it from the settings');

    const token = await login(email);
    const numberOnly = await server.app.inject({ method: 'POST', url: '/api/auth/user/licence', ...withToken(token, { licenseNumber: 'EMS-40404' }) });
    expect(numberOnly.statusCode, numberOnly.body).toBe(200);
    expect(json(numberOnly).user).toMatchObject({ licenseNumber: 'EMS-40404', hasLicenseDocument: false, status: 'pending' });
    const noDocument = await approve(user._id);
    expect(noDocument.statusCode).toBe(409);
    expect(json(noDocument).message).toBe('This account has no licence document yet: it cannot be approved until the applicant uploads it from the settings');

    const document = await server.app.inject({
      method: 'POST',
      url: '/api/auth/user/licence',
      ...withToken(token, { licenseDocument: { filename: 'licence.pdf', content: pdf, type: 'application/pdf' } }),
    });
    expect(document.statusCode, document.body).toBe(200);
    expect(json(document).user).toMatchObject({ licenseNumber: 'EMS-40404', hasLicenseDocument: true });
    const approved = await approve(user._id);
    expect(approved.statusCode, approved.body).toBe(200);
    // Once approved, the licence is fixed.
    const late = await server.app.inject({ method: 'POST', url: '/api/auth/user/licence', ...withToken(token, { licenseNumber: 'EMS-1' }) });
    expect(late.statusCode).toBe(409);
  });

  it('creates a pending pharmacist from the form and refuses a patient giving a licence', async () => {
    const res = await signup('pharmacist', sharedAuthForm({ name: 'Hoda Pharma', pharmacyName: 'Nile Pharmacy' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).user).toMatchObject({ status: 'pending', licenseNumber: '', pharmacyLicenseNumber: '' });
    expect((await approve(json(res).user._id)).statusCode).toBe(409);
    const patient = await signUpAndLogin(server.app, 'patient');
    const refused = await server.app.inject({ method: 'POST', url: '/api/auth/user/licence', ...withToken(patient.token, { licenseNumber: 'X-1' }) });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('Only doctors and pharmacists give a licence');
  });
});

describe('history from the existing client', () => {
  let patient: Account;
  let doctor: Account;
  let pending: Account;
  beforeAll(async () => {
    [patient, doctor, pending] = await Promise.all([
      signUpAndLogin(server.app, 'patient', { name: 'Mariam Fawzy' }),
      signUpAndLogin(server.app, 'doctor', { name: 'Dr. Karim Told' }),
      signUpAndLogin(server.app, 'doctor', {}, { pending: true }),
    ]);
  });
  const historyOf = async (account: Account) =>
    json(await server.app.inject({ method: 'GET', url: `/api/history/?patient=${account.id}`, headers: { authorization: account.token } })).history;

  it('keeps a diagnosis naming a doctor self-reported, recording him as who told her', async () => {
    const form = {
      diagnosis: 'Migraine',
      notes: 'Since May',
      doctor: doctor.id,
      lab: '',
      result: 'null',
      medicine: '',
      date: '',
      cured: 'false',
      injured: '',
      disease: '',
    };
    const res = await server.app.inject({ method: 'POST', url: '/api/history/diagnosis', ...withToken(patient.token, form) });
    expect(res.statusCode, res.body).toBe(200);
    const entry = (await historyOf(patient)).diagnosis.find((d: { diagnosis: string }) => d.diagnosis === 'Migraine');
    expect(entry).toMatchObject({
      self_reported: true,
      doctor: null,
      author: { _id: patient.id, role: 'patient' },
      told_by: 'Karim Told',
      told_by_doctor: { _id: doctor.id, name: 'Karim Told' },
    });
    for (const other of [pending.id, patient.id, newId(), 'Dr. Who']) {
      const refused = await server.app.inject({ method: 'POST', url: '/api/history/diagnosis', ...withToken(patient.token, { ...form, doctor: other }) });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).message).toBe('The doctor you chose is not one of the clinic’s doctors; choose one from the list or leave it empty');
    }
  });

  it('gives a lab result an address an <img> loads without Authorization: logged, private, bound to the reader, expiring', async () => {
    const add = await server.app.inject({
      method: 'POST',
      url: '/api/history/lab',
      ...withToken(patient.token, { lab: 'CBC', name: 'Cairo Lab', result: { filename: 'cbc.png', content: tinyPng, type: 'image/png' } }),
    });
    expect(add.statusCode, add.body).toBe(200);
    const address: string = (await historyOf(patient)).laboratory_tests[0].result;
    expect(address).toMatch(/^\/api\/history\/lab\/[0-9a-f]{24}\/result\?v=[0-9a-f]{24}&exp=\d+&sig=[\w-]+$/);
    const logBefore = json(
      await server.app.inject({ method: 'GET', url: `/api/history/access-log/?patient=${patient.id}`, headers: { authorization: patient.token } }),
    ).total;

    const image = await server.app.inject({ method: 'GET', url: address, headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.equals(tinyPng)).toBe(true);
    const log = json(
      await server.app.inject({ method: 'GET', url: `/api/history/access-log/?patient=${patient.id}`, headers: { authorization: patient.token } }),
    );
    expect(log.total).toBeGreaterThan(logBefore);
    expect(
      log.entries.some(
        (e: { target: string; outcome: string; actor: { _id: string } }) => e.target === 'lab-result' && e.outcome === 'allowed' && e.actor._id === patient.id,
      ),
    ).toBe(true);

    // Another signed-in person presenting her address is refused; so is a changed reader or signature.
    const other = await signUpAndLogin(server.app, 'patient');
    const stranger = await server.app.inject({ method: 'GET', url: address, headers: { authorization: other.token } });
    expect(stranger.statusCode).toBe(403);
    expect(json(stranger).message).toBe('This address of a test result was made for someone else');
    const swapped = await server.app.inject({ method: 'GET', url: address.replace(/v=[0-9a-f]{24}/, `v=${other.id}`) });
    expect(swapped.statusCode).toBe(401);
    expect(json(swapped).message).toBe('This address of a test result is not valid; please open the medical history again');
    // The other patient's own signed address for her result passes the signature but not the history rule.
    const [, labId] = /lab\/([0-9a-f]{24})/.exec(address) ?? [];
    const { createAddressSigner } = await import('../../server/lib/signed-addresses.js');
    const forOther = createAddressSigner(server.config.jwtSecret, 'lab-result').sign(labId!, other.id, 60);
    const notHers = await server.app.inject({ method: 'GET', url: `/api/history/lab/${labId}/result?${forOther}` });
    expect(notHers.statusCode).toBe(403);
    expect(json(notHers).message).toBe('Only the patient and the doctors they have booked can open this medical history');

    // After its time the address no longer opens the result.
    const old = createAddressSigner(server.config.jwtSecret, 'lab-result').sign(
      labId!,
      patient.id,
      labAddressSeconds,
      Date.now() - (labAddressSeconds + 1) * 1000,
    );
    const expired = await server.app.inject({ method: 'GET', url: `/api/history/lab/${labId}/result?${old}` });
    expect(expired.statusCode).toBe(401);
    expect(json(expired).message).toBe('This address of a test result has expired; please open the medical history again');
    // Without a signature and without a token: JSON 401, as every 401.
    const bare = await server.app.inject({ method: 'GET', url: `/api/history/lab/${labId}/result` });
    expect(bare.statusCode).toBe(401);
    expect(json(bare)).toEqual({ message: 'Unauthorized' });
  });
});

describe('every 401 carries JSON { message }', () => {
  it('answers every route of the API, for a guest and for a bad token, with a JSON body whenever it says 401', async () => {
    const spec = server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const checked: string[] = [];
    for (const [route, methods] of Object.entries(spec.paths)) {
      if (!route.startsWith('/api/')) continue;
      const url = route.replace(/\{[^}]+\}/g, newId());
      for (const method of Object.keys(methods)) {
        if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
        for (const authorization of [undefined, 'null', 'not-a-token']) {
          const form = multipart({});
          const res = await server.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            ...(method === 'get' || method === 'delete'
              ? { headers: authorization ? { authorization } : {} }
              : { payload: form.payload, headers: { ...form.headers, ...(authorization ? { authorization } : {}) } }),
          });
          if (res.statusCode !== 401) continue;
          checked.push(`${method} ${route}`);
          expect(res.headers['content-type'], `${method} ${route}`).toMatch(/application\/json/);
          expect(typeof json(res).message, `${method} ${route}`).toBe('string');
        }
      }
    }
    expect(checked.length).toBeGreaterThan(30);
  });
});
