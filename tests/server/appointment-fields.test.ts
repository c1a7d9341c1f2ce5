import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';

/**
 * The field rules of the appointment and appointment-request forms (checked by the routes' schemas),
 * and the order of answers: who may act (401/403) and which stored request (404/409) come before a
 * wrong field.
 */
let server: TestServer;
type Account = Awaited<ReturnType<typeof signUpAndLogin>>;
let doctor: Account;
let otherDoctor: Account;
let patient: Account;

const daysAhead = (days: number) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);
const inject = (method: 'POST' | 'DELETE', url: string, fields: Record<string, string>, token?: string) =>
  server.app.inject({ method, url, ...(token ? withToken(token, fields) : multipart(fields)) });
const message = (res: { json: () => { message: string } }) => res.json().message;

beforeAll(async () => {
  server = await startTestServer();
  [doctor, otherDoctor, patient] = await Promise.all([
    signUpAndLogin(server.app, 'doctor', { name: 'Dr. Field Rules', specialization: 'Cardiology' }),
    signUpAndLogin(server.app, 'doctor', { specialization: 'Eye' }),
    signUpAndLogin(server.app, 'patient'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('publishing and marking slots', () => {
  it('asks for the date, and answers who may publish before reading it', async () => {
    expect(message(await inject('POST', '/api/appointment', { date: '', time: '10:00' }, doctor.token))).toBe('Please enter the date of the appointment');
    expect(message(await inject('POST', '/api/appointment', { date: daysAhead(5), time: '' }, doctor.token))).toBe('Please enter the time of the appointment');
    expect(message(await inject('POST', '/api/appointment', { date: daysAhead(900), time: '10:00' }, doctor.token))).toBe(
      'Appointments can be published up to one year ahead',
    );
    expect((await inject('POST', '/api/appointment', { date: 'soon', time: '' })).statusCode).toBe(401);
    const patientTries = await inject('POST', '/api/appointment', { date: 'soon', time: '' }, patient.token);
    expect(patientTries.statusCode).toBe(403);
    expect(message(patientTries)).toBe('Only doctors can add appointments');
  });

  it('reads the attendance word before the slot, after who may mark it', async () => {
    const wrongWord = await inject('POST', '/api/appointment/attendance', { attendance: 'maybe' }, doctor.token);
    expect(wrongWord.statusCode).toBe(400);
    expect(message(wrongWord)).toBe('Please choose whether the patient attended or did not show up');
    expect(message(await inject('POST', '/api/appointment/attendance', { attendance: 'No-Show' }, doctor.token))).toBe('Please choose the appointment to mark');
    expect((await inject('POST', '/api/appointment/attendance', { attendance: 'maybe' }, patient.token)).statusCode).toBe(403);
  });

  it('asks which slot to reserve or move, after who may do it', async () => {
    expect(message(await inject('POST', '/api/appointment/reserve', {}, patient.token))).toBe('Please choose the appointment to reserve');
    expect((await inject('POST', '/api/appointment/reserve', {}, doctor.token)).statusCode).toBe(403);
    expect((await inject('DELETE', '/api/appointment/cancel', {})).statusCode).toBe(401);
  });
});

describe('appointment request fields', () => {
  const guest = { name: 'Guest Person', phone: '+20 100 765 4321', department: 'Cardiology', date: daysAhead(8), time: '2:30 pm', reason: 'Check-up' };

  it('keeps the first problem of the form first, and reads the day and time as typed', async () => {
    expect(message(await inject('POST', '/api/appointment/requests', { ...guest, name: 'x'.repeat(101), email: 'bad' }))).toBe(
      'Please shorten the name to 100 characters',
    );
    expect(message(await inject('POST', '/api/appointment/requests', { ...guest, department: '', date: 'soon' }))).toBe(
      'Please choose a department or a doctor',
    );
    expect(message(await inject('POST', '/api/appointment/requests', { ...guest, date: 'soon', time: '' }))).toBe(
      'Please choose the time of day you would like to come',
    );
    const [month, day, year] = [daysAhead(8).slice(5, 7), daysAhead(8).slice(8, 10), daysAhead(8).slice(0, 4)];
    const res = await inject('POST', '/api/appointment/requests', { ...guest, date: `${month}/${day}/${year}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ preferredDate: daysAhead(8), preferredTime: '14:30' });
  });

  it('answers which request and who answers it before the slot or the reason', async () => {
    const sent = await inject(
      'POST',
      '/api/appointment/requests',
      { phone: '01001234567', doctor: 'Dr. Field Rules', date: daysAhead(9), time: '11:00' },
      patient.token,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().request._id;
    const decline = (token: string, reason: string, requestId = id) => inject('POST', `/api/appointment/requests/${requestId}/decline`, { reason }, token);
    expect((await decline(otherDoctor.token, '')).statusCode).toBe(403);
    expect((await decline(doctor.token, '', 'a'.repeat(24))).statusCode).toBe(404);
    expect(message(await decline(doctor.token, ''))).toBe('Please say why the request is declined, so the patient knows what to do');
    expect(message(await decline(doctor.token, 'x'.repeat(501)))).toBe('Please shorten the reason to 500 characters');
    const accept = (token: string) => inject('POST', `/api/appointment/requests/${id}/accept`, { appointment: '' }, token);
    expect((await accept(otherDoctor.token)).statusCode).toBe(403);
    expect(message(await accept(doctor.token))).toBe('Please choose the slot to offer');
    expect((await decline(doctor.token, 'The doctor is away that week')).statusCode).toBe(200);
    expect((await decline(doctor.token, '')).statusCode).toBe(409);
  });
});
