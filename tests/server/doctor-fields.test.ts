import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';

/** The doctor search's query rules and the rating's, checked by the routes' schemas, in their order. */
let server: TestServer;
const get = (url: string) => server.app.inject({ method: 'GET', url });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('doctor search query', () => {
  it('checks sort, then gender, then page', async () => {
    const cases: [string, string][] = [
      ['/api/doctors?sort=price&gender=other&page=0', 'Sort by next available slot (nextSlot), rating or name'],
      ['/api/doctors?gender=other&page=0', 'Choose male or female doctors, or leave the gender empty'],
      ['/api/doctors?page=0', 'The page must be a whole number from 1'],
      ['/api/doctors?page=1.5', 'The page must be a whole number from 1'],
      ['/api/doctors?page=1e20', 'The page must be a whole number from 1'],
      ['/api/doctors?sort=name&page=99999999999999999999', 'The page must be a whole number from 1'],
      ['/api/doctors?q=heart&page=9999999', 'The page must be a whole number from 1'],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
    expect((await get('/api/doctors?sort=rating&gender=FEMALE&page=2')).statusCode).toBe(200);
  });

  it("reads only the name when a doctor's page is asked for", async () => {
    const res = await get('/api/doctors?name=Dr.%20Nobody%20Here&sort=price');
    expect(res.statusCode).toBe(404);
  });
});

describe('rating query', () => {
  it('answers who may rate first, then the stars before the doctor', async () => {
    const rate = (query: string, token: string) => server.app.inject({ method: 'POST', url: `/api/doctors/rate/?${query}`, ...withToken(token) });
    const [patient, doctor] = await Promise.all([signUpAndLogin(server.app, 'patient'), signUpAndLogin(server.app, 'doctor')]);
    expect((await rate('rate=9', doctor.token)).statusCode).toBe(403);
    expect((await rate('rate=9&doctor=x', patient.token)).json().message).toBe('Please choose a rating from 1 to 5 stars');
    expect((await rate('rate=4&doctor=x', patient.token)).json().message).toBe('Please choose the doctor to rate');
  });
});
