import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signUpAndLogin, startTestServer, tinyPng, withToken, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const patientForm = (overrides: Record<string, string> = {}) => ({
  name: 'Nada Hamdy',
  username: 'nada.hamdy',
  email: 'nada@example.test',
  password: 'a-long-password',
  phone: '01001112223',
  government: 'Cairo',
  country: 'Egypt',
  specialization: '',
  location: '',
  pharmacyName: '',
  height: '160',
  weight: '55',
  blood_type: '-AB ',
  officeNumber: '',
  gender: 'female',
  ...overrides,
});

describe('accounts', () => {
  it('registers a patient with the whole shared form and normalizes the blood type', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/patient/auth/signup', ...multipart(patientForm()) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.blood_type).toBe('AB-');
    expect(body.user.specialization).toBe('');
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it("refuses a sign-up's wrong fields with their sentence, the first wrong field in the form's order first", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ name: '' }, 'Please enter your name'],
      [{ name: 'x'.repeat(101) }, 'The name must be at most 100 characters'],
      [{ name: 'Nada / Hamdy' }, 'The name cannot contain "/"'],
      [{ username: '' }, 'Please choose a username'],
      [{ username: 'a b' }, 'The username must be 3 to 40 letters, digits, dots, dashes or underscores'],
      [{ email: '' }, 'Please enter your email'],
      [{ email: 'nada@example' }, 'Please enter a valid email address'],
      [{ password: '' }, 'Please choose a password'],
      [{ password: 'short' }, 'The password must be at least 8 characters'],
      [{ password: 'p'.repeat(129) }, 'The password must be at most 128 characters'],
      [{ phone: 'call me' }, 'Please enter a valid phone number'],
      [{ country: 'c'.repeat(101) }, 'Country must be at most 100 characters'],
      [{ government: 'g'.repeat(101) }, 'Government must be at most 100 characters'],
      [{ gender: 'other' }, 'Gender must be male or female'],
      [{ name: '', email: 'bad', password: '' }, 'Please enter your name'],
      [{ username: 'a', phone: 'x', gender: 'x' }, 'The username must be 3 to 40 letters, digits, dots, dashes or underscores'],
      [{ password: 'short', blood_type: 'Z' }, 'The password must be at least 8 characters'],
    ];
    for (const [fields, message] of cases) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/patient/auth/signup',
        ...multipart(patientForm({ username: 'refused.one', email: 'refused@example.test', ...fields })),
      });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message, JSON.stringify(fields)).toBe(message);
    }
  });

  it("refuses a role's own sign-up fields with their sentence, after the fields every account has", async () => {
    const departmentsList = 'Dental, Gynaecology, Eye, Cardiology, Orthopaedics, Gastroenterology, Neurology, Medicine';
    const licence = { licenseNumber: 'AB-12345', pharmacyLicenseNumber: 'PH/778' };
    const cases: [string, Record<string, string>, string][] = [
      ['patient', { blood_type: 'Z' }, 'Blood type must be one of A+, A-, B+, B-, O+, O-, AB+, AB-'],
      ['patient', { height: '0' }, 'Height (cm) must be a number between 1 and 300'],
      ['patient', { weight: '501', blood_type: 'Z' }, 'Blood type must be one of A+, A-, B+, B-, O+, O-, AB+, AB-'],
      ['patient', { weight: 'heavy' }, 'Weight (kg) must be a number between 1 and 500'],
      ['doctor', { ...licence, specialization: 'Magic' }, `Specialization must be one of: ${departmentsList}`],
      ['doctor', { ...licence, specialization: 'Dental', officeNumber: 'o'.repeat(51) }, 'Office number must be at most 50 characters'],
      ['doctor', { specialization: 'Dental', licenseNumber: '#1' }, 'The licence number must be 2 to 50 letters, digits, spaces, "/" or "-"'],
      ['doctor', { specialization: 'Magic', phone: 'x' }, 'Please enter a valid phone number'],
      ['pharmacist', { ...licence, pharmacyName: '' }, 'Please enter the pharmacy name'],
      ['pharmacist', { ...licence, pharmacyName: '', workingDate: 'w'.repeat(101) }, 'Working date must be at most 100 characters'],
      ['pharmacist', { ...licence, pharmacyName: 'p'.repeat(151) }, 'Pharmacy name must be at most 150 characters'],
      [
        'pharmacist',
        { pharmacyName: 'Nile Pharmacy', licenseNumber: 'AB-1', pharmacyLicenseNumber: '#' },
        'The pharmacy licence number must be 2 to 50 letters, digits, spaces, "/" or "-"',
      ],
    ];
    for (const [role, fields, message] of cases) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/${role}/auth/signup`,
        ...multipart(patientForm({ username: 'refused.two', email: 'refused2@example.test', height: '', weight: '', blood_type: '', ...fields })),
      });
      expect(res.statusCode, `${role} ${JSON.stringify(fields)}`).toBe(400);
      expect(res.json().message, `${role} ${JSON.stringify(fields)}`).toBe(message);
    }
    // Another role's fields are not this role's: a patient's form ignores a doctor's specialization.
    const patient = await server.app.inject({
      method: 'POST',
      url: '/api/patient/auth/signup',
      ...multipart(patientForm({ username: 'role.fields', email: 'role.fields@example.test', specialization: 'Magic', height: '170,5' })),
    });
    expect(patient.statusCode).toBe(200);
    expect(patient.json().user).toMatchObject({ specialization: '', height: '170.5' });
  });

  it("refuses a profile edit's wrong fields and leaves out what is not sent", async () => {
    const { token } = await signUpAndLogin(server.app, 'patient');
    const edit = (fields: Record<string, string>) => server.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(token, fields) });
    expect((await edit({ name: '' })).json().message).toBe('Please enter your name');
    expect((await edit({ email: 'not-an-email' })).json().message).toBe('Please enter a valid email address');
    expect((await edit({ password: 'short' })).json().message).toBe('The password must be at least 8 characters');
    expect((await edit({ phone: 'x', gender: 'x' })).json().message).toBe('Please enter a valid phone number');
    // The role's own fields, with the sentences of its sign-up, after the fields every account has.
    expect((await edit({ blood_type: 'Z' })).json().message).toBe('Blood type must be one of A+, A-, B+, B-, O+, O-, AB+, AB-');
    expect((await edit({ name: '', height: '0' })).json().message).toBe('Please enter your name');
    expect((await edit({ height: '0' })).json().message).toBe('Height (cm) must be a number between 1 and 300');
    const roleFields = await edit({ weight: '60', specialization: 'Magic' });
    expect(roleFields.statusCode).toBe(200);
    expect(roleFields.json().user).toMatchObject({ weight: '60', specialization: '' });
    const unchanged = await edit({ name: 'undefined', password: '', phone: '0100 111 2223' });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().user.phone).toBe('0100 111 2223');
    // Not signed in: told so before any field is checked.
    expect((await server.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken('null', { email: 'bad' }) })).statusCode).toBe(401);
  });

  it('never says an email is registered (the owner is mailed instead); a taken username is refused with a message', async () => {
    const again = await server.app.inject({ method: 'POST', url: '/api/patient/auth/signup', ...multipart(patientForm({ username: 'other.name' })) });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).not.toMatch(/already/);
    const sameUser = await server.app.inject({
      method: 'POST',
      url: '/api/patient/auth/signup',
      ...multipart(patientForm({ email: 'x@example.test', username: 'NADA.hamdy' })),
    });
    expect(sameUser.json().message).toBe('This username is already taken');
  });

  it('logs in, puts the new token first and never returns a password', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart(patientForm()) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.role).toBe('patient');
    expect(body.user.tokens).toHaveLength(1);
    const token = body.user.tokens[0].token as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims._id).toBe(body.user._id);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(body.user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(body.user._id).toMatch(/[a-df]/);
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/user/', headers: { authorization: token } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.tokens).toEqual([{ token }]);
    const bearer = await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(200);
  });

  it('gives the same message for a wrong password and an unknown email', async () => {
    const wrong = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: 'nada@example.test', password: 'nope-nope-nope' }) });
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...multipart({ email: 'ghost@example.test', password: 'nope-nope-nope' }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('revokes the token at logout', async () => {
    const { token } = await signUpAndLogin(server.app, 'doctor');
    const out = await server.app.inject({ method: 'POST', url: '/api/auth/logout', ...withToken(token) });
    expect(out.statusCode).toBe(200);
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: token } });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Unauthorized');
  });

  it('treats Authorization: null as a guest', async () => {
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: 'null' } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: 'Unauthorized' });
  });

  it('updates only whitelisted profile fields and ignores junk', async () => {
    const { token, id } = await signUpAndLogin(server.app, 'doctor');
    const res = await server.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      ...withToken(token, {
        phone: '01112223344',
        about: 'Cardiologist with 10 years of experience',
        education: '[object Object],[object Object]',
        roles: 'admin',
        tokens: 'x',
        role: 'pharmacist',
        image: { filename: 'me.png', content: tinyPng, type: 'image/png' },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().user;
    expect(user._id).toBe(id);
    expect(user.phone).toBe('01112223344');
    expect(user.aboutDoctor).toBe('Cardiologist with 10 years of experience');
    expect(user.roles).toEqual(['doctor']);
    expect(user.image).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
    const img = await server.app.inject({ method: 'GET', url: user.image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('rejects a text file named .png', async () => {
    const { token } = await signUpAndLogin(server.app, 'patient');
    const res = await server.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      ...withToken(token, { image: { filename: 'evil.png', content: Buffer.from('<script>alert(1)</script>'), type: 'image/png' } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The profile image must be a PNG, GIF or JPEG image');
  });

  it('answers unknown API routes with a JSON 404 and preflights with CORS', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
    const pre = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/user',
      headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(pre.statusCode).toBeLessThan(300);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
  });

  it('never answers 5xx to bad input', async () => {
    const bodies = [
      { url: '/api/auth/login', payload: '' },
      { url: '/api/auth/login', payload: '{"email": 5' },
      { url: '/api/patient/auth/signup', payload: JSON.stringify({ name: 'x'.repeat(10000), email: ['a'], password: 7 }) },
      {
        url: '/api/doctor/auth/signup',
        payload: JSON.stringify({ name: 'Dr X', username: 'drx', email: 'drx@example.test', password: 'longenough', specialization: 'Specialization #1' }),
      },
    ];
    for (const b of bodies) {
      const res = await server.app.inject({ method: 'POST', url: b.url, payload: b.payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, b.payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '--x\r\nbroken',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBe(400);
  });
});
