import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatService } from '../../server/modules/chat/service.js';
import { viewerFromToken } from '../../server/plugins/auth.js';
import { type Account, grantAdmin, markEmailVerified, signUpAndLogin, startTestServer, type TestServer, withToken } from './helpers.js';
import { readOutbox } from './outbox.js';
import { checkout, listProduct, setCart } from './shop-helpers.js';

/**
 * The bell: each event reaches its person and nobody else, each person reads and marks only her
 * own notifications, and email follows her choice per event.
 */
let server: TestServer;
let doctor: Account;
let otherDoctor: Account;
let patient: Account;
let otherPatient: Account;
let pharmacist: Account;
let otherPharmacist: Account;
let admin: Account;
let everyone: Account[];

const daysAhead = (days: number) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);
const bell = async (account: Account) => {
  const res = await server.app.inject({ method: 'GET', url: '/api/notifications', headers: { authorization: account.token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { notifications: { _id: string; event: string; title: string; link: string; read: boolean }[]; unread: number };
};
const markRead = (account: Account, payload: unknown) =>
  server.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: { authorization: account.token, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

/** How many notifications of the event each account has, by name; everyone not named must have none. */
async function expectOnly(event: string, expected: Map<Account, number>) {
  for (const account of everyone) {
    const count = (await bell(account)).notifications.filter((n) => n.event === event).length;
    expect(count, `${event} for ${account.email}`).toBe(expected.get(account) ?? 0);
  }
}

async function newSlot(owner: Account, day: number, time: string): Promise<string> {
  const res = await server.app.inject({ method: 'POST', url: '/api/appointment', ...withToken(owner.token, { date: daysAhead(day), time }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().appointment._id;
}
const reserve = (account: Account, slot: string, receiver: string) =>
  server.app.inject({ method: 'POST', url: `/api/appointment/reserve/?appointment=${slot}&receiver=${receiver}`, ...withToken(account.token) });
const verify = (account: Account) => markEmailVerified(server.app, account.id);
/** Emails are sent after the answer; wait until the outbox holds what is expected (or give up). */
async function mailsTo(account: Account, atLeast: number) {
  const about = () => readOutbox(server.config.dataDir).filter((m) => m.to === account.email && m.subject.includes('appointment'));
  for (let i = 0; i < 50 && about().length < atLeast; i++) await new Promise((r) => setTimeout(r, 20));
  return about();
}

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  [doctor, otherDoctor, patient, otherPatient, pharmacist, otherPharmacist, admin] = await Promise.all([
    signUpAndLogin(server.app, 'doctor'),
    signUpAndLogin(server.app, 'doctor'),
    signUpAndLogin(server.app, 'patient', { name: 'Nour Said' }),
    signUpAndLogin(server.app, 'patient'),
    signUpAndLogin(server.app, 'pharmacist'),
    signUpAndLogin(server.app, 'pharmacist'),
    signUpAndLogin(server.app, 'patient', { name: 'Clinic Admin' }),
  ]);
  await grantAdmin(server.app, admin.id);
  everyone = [doctor, otherDoctor, patient, otherPatient, pharmacist, otherPharmacist, admin];
});
afterAll(async () => {
  await server?.close();
});

describe('the bell', () => {
  it('needs a signed-in person', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: '/api/notifications/read', payload: { all: true } })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: '/api/notifications/read', payload: { ids: [] } })).statusCode).toBe(401);
  });

  it('says what is wrong with the list of ids to mark read', async () => {
    const refusal = async (payload: unknown) => {
      const res = await markRead(patient, payload);
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await refusal({})).toBe('Please say which notifications to mark as read (ids), or all');
    expect(await refusal({ ids: [] })).toBe('Please say which notifications to mark as read (ids), or all');
    expect(await refusal({ ids: 'abc' })).toBe('Please say which notifications to mark as read (ids), or all');
    expect(await refusal({ ids: Array.from({ length: 101 }, () => 'a'.repeat(24)) })).toBe('At most 100 notifications can be marked at once');
    expect(await refusal({ ids: ['not-an-id'] })).toBe('Each notification id must be one of your notifications');
    expect((await markRead(patient, { ids: ['a'.repeat(24)] })).statusCode).toBe(200);
  });

  it('tells the doctor, and only him, when a patient reserves and cancels; marking read touches only her own', async () => {
    const slot = await newSlot(doctor, 3, '10:30');
    expect((await reserve(patient, slot, doctor.id)).statusCode).toBe(200);
    await expectOnly('reservation_made', new Map([[doctor, 1]]));
    const mine = await bell(doctor);
    expect(mine.unread).toBe(1);
    expect(mine.notifications[0]).toMatchObject({ read: false, link: '/settings/appointments' });
    expect(mine.notifications[0].title).toContain('Nour Said reserved your appointment on');

    // Somebody else's id changes nothing (and is not told apart from a wrong one).
    const foreign = await markRead(otherDoctor, { ids: [mine.notifications[0]._id] });
    expect(foreign.statusCode).toBe(200);
    expect((await bell(doctor)).unread).toBe(1);

    const cancel = await server.app.inject({
      method: 'DELETE',
      url: `/api/appointment/cancel/?appointment=${slot}`,
      headers: { authorization: patient.token },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await expectOnly('reservation_cancelled', new Map([[doctor, 1]]));
    const after = await bell(doctor);
    expect(after.unread).toBe(2);
    expect(after.notifications[0].event).toBe('reservation_cancelled');

    const one = await markRead(doctor, { ids: [after.notifications[1]._id] });
    expect(one.statusCode).toBe(200);
    expect(one.json().unread).toBe(1);
    expect(one.json().notifications.map((n: { read: boolean }) => n.read)).toEqual([false, true]);
    const all = await markRead(doctor, { all: true });
    expect(all.json().unread).toBe(0);
  });

  it('refuses a read request that names nothing or something that is not an id, with a message', async () => {
    for (const payload of [{}, { ids: [] }, { ids: ['x'] }, { ids: 'abc' }, { ids: new Array(101).fill('0123456789abcdef01234567') }]) {
      const res = await markRead(patient, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/notification/);
    }
  });

  it('tells the patient, and only her, when her request is accepted or declined', async () => {
    const slot = await newSlot(doctor, 4, '09:00');
    const ask = async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/appointment/requests',
        ...withToken(patient.token, {
          phone: '01001234567',
          doctor: (await viewerFromToken(server.app, doctor.token))!.name,
          date: daysAhead(5),
          time: '11:00',
          reason: 'Check-up',
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().request._id as string;
    };
    const first = await ask();
    const accepted = await server.app.inject({
      method: 'POST',
      url: `/api/appointment/requests/${first}/accept`,
      ...withToken(doctor.token, { appointment: slot }),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const second = await ask();
    const declined = await server.app.inject({
      method: 'POST',
      url: `/api/appointment/requests/${second}/decline`,
      ...withToken(doctor.token, { reason: 'Fully booked that week' }),
    });
    expect(declined.statusCode, declined.body).toBe(200);
    await expectOnly('appointment_request_answered', new Map([[patient, 2]]));
    const titles = (await bell(patient)).notifications.filter((n) => n.event === 'appointment_request_answered').map((n) => n.title);
    expect(titles).toEqual(['Your appointment request was declined', 'Your appointment request was accepted']);
    // The accepted slot is planned for reminders like a reservation.
    const jobs = await server.database.db
      .selectFrom('scheduled_jobs')
      .select('kind')
      .where('appointment_id', '=', slot)
      .where('status', '=', 'pending')
      .execute();
    expect(jobs.map((j) => j.kind).sort()).toEqual(['rating_prompt', 'reminder_24h', 'reminder_2h']);
  });

  it('tells each pharmacist of a paid order about her lines only, and the buyer about status changes', async () => {
    const mine = await listProduct(server.app, pharmacist.token, { name: 'Calm Drops' });
    const theirs = await listProduct(server.app, otherPharmacist.token, { name: 'Warm Balm' });
    await setCart(server.app, otherPatient.token, mine.slug, 2);
    await setCart(server.app, otherPatient.token, theirs.slug, 1);
    const paid = await checkout(server.app, otherPatient.token);
    expect(paid.statusCode, paid.body).toBe(200);
    await expectOnly(
      'order_paid',
      new Map([
        [pharmacist, 1],
        [otherPharmacist, 1],
      ]),
    );
    const notice = (await bell(pharmacist)).notifications.find((n) => n.event === 'order_paid');
    expect(notice?.title).toMatch(/^Order CP[A-Z0-9]{8} was paid$/);
    expect(JSON.stringify(notice)).toContain('2 × Calm Drops');
    expect(JSON.stringify(notice)).not.toContain('Warm Balm');

    const received = await server.app.inject({ method: 'GET', url: '/api/orders/received', headers: { authorization: pharmacist.token } });
    const order = received.json().orders[0];
    const ship = await server.app.inject({
      method: 'PATCH',
      url: `/api/orders/status/?order=${order._id}`,
      ...withToken(pharmacist.token, { status: 'shipped' }),
    });
    expect(ship.statusCode, ship.body).toBe(200);
    await expectOnly('order_status', new Map([[otherPatient, 1]]));
    const status = (await bell(otherPatient)).notifications.find((n) => n.event === 'order_status');
    expect(status?.title).toContain('Calm Drops from order CP');
    expect(status?.title).toContain('has shipped');
    expect(status?.link).toMatch(/^\/orders\/CP/);
  });

  it('tells a professional, and only her, that she was approved or rejected', async () => {
    const applicant = await signUpAndLogin(server.app, 'doctor', {}, { pending: true });
    const rejected = await signUpAndLogin(server.app, 'pharmacist', {}, { pending: true });
    everyone.push(applicant, rejected);
    expect((await server.app.inject({ method: 'POST', url: `/api/admin/professionals/${applicant.id}/approve`, ...withToken(admin.token) })).statusCode).toBe(
      200,
    );
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: `/api/admin/professionals/${rejected.id}/reject`,
          ...withToken(admin.token, { reason: 'The licence has expired' }),
        })
      ).statusCode,
    ).toBe(200);
    await expectOnly(
      'account_reviewed',
      new Map([
        [applicant, 1],
        [rejected, 1],
      ]),
    );
    expect((await bell(applicant)).notifications[0].title).toBe('Your account is approved');
    expect(JSON.stringify((await bell(rejected)).notifications[0])).toContain('The licence has expired');
  });

  it('tells the receiver of a chat message once per conversation while she does not have it open', async () => {
    const chats = chatService(server.app);
    const chat = await server.database.db
      .selectFrom('chats')
      .select('id')
      .where('sender_id', '=', patient.id)
      .where('receiver_id', '=', doctor.id)
      .executeTakeFirstOrThrow();
    const asPatient = (await viewerFromToken(server.app, patient.token))!;
    const asDoctor = (await viewerFromToken(server.app, doctor.token))!;
    const away = async () => false;
    const viewing = async () => true;
    await chats.send(asPatient, chat.id, 'Hello doctor', viewing);
    await expectOnly('chat_message', new Map());
    await chats.send(asPatient, chat.id, 'Are you there?', away);
    await chats.send(asPatient, chat.id, 'Still waiting', away);
    await expectOnly('chat_message', new Map([[doctor, 1]]));
    const notice = (await bell(doctor)).notifications.find((n) => n.event === 'chat_message');
    expect(notice).toMatchObject({ link: `/chat?chat=${chat.id}`, read: false });
    expect(notice?.title).toBe('New message from Nour Said');
    // Opening the conversation answers it; the next message after she leaves tells her again.
    await chats.read(asDoctor, chat.id);
    expect((await bell(doctor)).notifications.find((n) => n.event === 'chat_message')?.read).toBe(true);
    await chats.send(asPatient, chat.id, 'One more thing', away);
    await expectOnly('chat_message', new Map([[doctor, 2]]));
  });
});

describe('email per event', () => {
  it('offers each role its own events with defaults, and saves her choices only', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: { authorization: patient.token } });
    const prefs = res.json().preferences as { event: string; email: boolean }[];
    expect(prefs.find((p) => p.event === 'appointment_reminder')?.email).toBe(true);
    expect(prefs.find((p) => p.event === 'slot_released')?.email).toBe(true);
    expect(prefs.find((p) => p.event === 'chat_message')?.email).toBe(false);
    expect(prefs.some((p) => p.event === 'order_paid')).toBe(false);
    const save = (account: Account, payload: unknown) =>
      server.app.inject({
        method: 'PATCH',
        url: '/api/notifications/preferences',
        headers: { authorization: account.token, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    expect((await save(patient, { preferences: { order_paid: true } })).statusCode).toBe(400);
    expect((await save(patient, { preferences: { chat_message: 'yes' } })).statusCode).toBe(400);
    expect((await save(patient, { preferences: {} })).statusCode).toBe(400);
    const refusal = async (payload: unknown) => {
      const res = await save(patient, payload);
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await refusal({ preferences: {} })).toBe('Please choose which notifications come by email');
    expect(await refusal({ preferences: { no_such_event: true } })).toBe('There is no notification called no_such_event for your account');
    expect(await refusal({ preferences: { order_paid: true } })).toBe('There is no notification called order_paid for your account');
    expect(await refusal({ chat_message: 'yes', no_such_event: true })).toBe('Say true or false for chat_message');
    const saved = await save(patient, { preferences: { chat_message: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences.find((p: { event: string }) => p.event === 'chat_message').email).toBe(true);
    const others = await server.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: { authorization: otherPatient.token } });
    expect(others.json().preferences.find((p: { event: string }) => p.event === 'chat_message').email).toBe(false);
  });

  it('emails a verified person the events she keeps on by email, after the commit; never an unverified address', async () => {
    const slot = await newSlot(otherDoctor, 6, '12:00');
    // Unverified: the bell only.
    expect((await reserve(otherPatient, slot, otherDoctor.id)).statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/appointment/cancel/?appointment=${slot}`, headers: { authorization: otherPatient.token } }))
        .statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo(otherDoctor, 0)).toHaveLength(0);

    await verify(otherDoctor);
    // reservation_made is off by email by default, reservation_cancelled on.
    expect((await reserve(otherPatient, slot, otherDoctor.id)).statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/appointment/cancel/?appointment=${slot}`, headers: { authorization: otherPatient.token } }))
        .statusCode,
    ).toBe(200);
    const mails = await mailsTo(otherDoctor, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('cancelled the appointment');
    expect(mails[0].text).toContain('/settings/appointments');

    // Turned off: nothing more by email, the bell still has it.
    await server.app.inject({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      headers: { authorization: otherDoctor.token, 'content-type': 'application/json' },
      payload: JSON.stringify({ preferences: { reservation_cancelled: false, reservation_made: true } }),
    });
    expect((await reserve(otherPatient, slot, otherDoctor.id)).statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/appointment/cancel/?appointment=${slot}`, headers: { authorization: otherPatient.token } }))
        .statusCode,
    ).toBe(200);
    const later = await mailsTo(otherDoctor, 2);
    expect(later).toHaveLength(2);
    expect(later[1].subject).toContain('reserved your appointment');
  });
});
