import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, startPortal, type Portal } from './harness.js';
import { call, connectSocket, dayFromNow, newAccount, nextEvent } from './production/helpers.js';

/**
 * Two server processes on one PostgreSQL database and one Redis, as behind a load balancer:
 * whatever one instance does, the other sees. Runs only when DATABASE_URL and REDIS_URL are set.
 */
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
if (!enabled) {
  console.warn('scale-out: SKIPPED. Set DATABASE_URL (PostgreSQL) and REDIS_URL to run two instances against them.');
}

describe.skipIf(!enabled)('two instances on one PostgreSQL and one Redis (runs when DATABASE_URL and REDIS_URL are set)', () => {
  // Behind one load balancer: the nearest X-Forwarded-For entry is the client's address.
  const env = { LOGIN_MAX_ATTEMPTS: '4', LOGIN_WINDOW_SECONDS: '600', TRUST_PROXY: '1' };
  let a: Portal;
  let b: Portal;

  beforeAll(async () => {
    a = await startPortal({ env });
    b = await startPortal({ env, shareWith: a });
  });
  afterAll(async () => {
    await b?.dispose();
    await a?.dispose();
  });

  it('a login on one instance is valid on the other, and a logout on one ends it on both', async () => {
    const patient = await newAccount(a, 'patient');
    const { token } = await apiLogin(a, patient.email, patient.password);
    const onB = await call(b, 'GET', 'auth/user', { token });
    expect(onB.status).toBe(200);
    expect(onB.body.user._id).toBe(patient.id);

    expect((await call(b, 'POST', 'auth/logout', { token, fields: {} })).status).toBe(200);
    expect((await call(a, 'GET', 'auth/user', { token })).body).toEqual({ message: 'Unauthorized' });
  });

  it('a slot reserved through one instance is taken on the other; a chat message sent through one reaches a socket on the other', async () => {
    const doctor = await newAccount(a, 'doctor');
    const doctorSession = await apiLogin(a, doctor.email, doctor.password);
    const added = await call(a, 'POST', 'appointment', { token: doctorSession.token, fields: { date: dayFromNow(9), time: '10:30' } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const slots = await call(b, 'GET', 'appointment', { token: doctorSession.token });
    const slotId: string = slots.body.appointments[0]._id;

    const first = await newAccount(b, 'patient');
    const second = await newAccount(a, 'patient');
    const firstToken = (await apiLogin(b, first.email, first.password)).token;
    const secondToken = (await apiLogin(a, second.email, second.password)).token;

    const reserved = await call(a, 'POST', `appointment/reserve/?appointment=${slotId}&receiver=${doctor.id}`, { token: firstToken, fields: {} });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const again = await call(b, 'POST', `appointment/reserve/?appointment=${slotId}&receiver=${doctor.id}`, { token: secondToken, fields: {} });
    expect(again.status).not.toBe(200);
    expect(typeof again.body.message).toBe('string');
    // Only the holder is told the slot is hers; she asks through the other instance.
    const profile = await call(b, 'GET', `doctors/?name=${encodeURIComponent(doctor.name)}`, { token: firstToken });
    const slot = profile.body.doctor.availableDates.find((d: { _id: string }) => d._id === slotId);
    expect(slot).toMatchObject({ reserved: true, patient: first.id });

    // The reservation opened a chat between the first patient and the doctor.
    const chats = await call(b, 'GET', 'chat', { token: doctorSession.token });
    expect(chats.status).toBe(200);
    const chatId: string = chats.body.chats[0]._id;

    const doctorSocket = await connectSocket(b, doctorSession.token);
    const patientSocket = await connectSocket(a, firstToken);
    try {
      doctorSocket.emit('goOnline', doctorSession.token);
      patientSocket.emit('goOnline', firstToken);
      // Presence lives in Redis: the patient's instance sees the doctor online.
      const online = nextEvent<Record<string, boolean>>(patientSocket, 'onlineList', (list) => list[doctor.id] === true);
      patientSocket.emit('getOnlineList');
      await online;

      const joined = nextEvent<unknown[]>(doctorSocket, 'chat', (list) => Array.isArray(list));
      doctorSocket.emit('joinChat', chatId);
      doctorSocket.emit('getMessages', chatId);
      await joined;
      patientSocket.emit('joinChat', chatId);
      await new Promise((r) => setTimeout(r, 300));

      const content = `Hello from instance A ${Date.now()}`;
      const delivered = nextEvent<Array<{ content: string; sender: { _id: string } }>>(doctorSocket, 'chat', (list) => list.some((m) => m.content === content));
      patientSocket.emit('sendMessage', { chatId, content, sender: firstToken });
      const list = await delivered;
      expect(list.at(-1)).toMatchObject({ content, sender: { _id: first.id } });
    } finally {
      doctorSocket.close();
      patientSocket.close();
    }
  });

  it('failed logins are counted across both instances', async () => {
    const patient = await newAccount(a, 'patient');
    const headers = { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200) + 1}` };
    const wrong = { email: patient.email, password: 'not-the-password' };
    for (const portal of [a, b, a, b]) {
      expect((await call(portal, 'POST', 'auth/login', { fields: wrong, headers })).status).toBe(401);
    }
    // Each instance saw only two failures; together they reached the limit of four.
    for (const portal of [a, b]) {
      const blocked = await call(portal, 'POST', 'auth/login', { fields: { email: patient.email, password: patient.password }, headers });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/too many/i);
    }
  });
});
