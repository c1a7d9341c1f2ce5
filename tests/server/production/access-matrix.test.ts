import type { LightMyRequestResponse } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signUpAndLogin, startTestServer, tinyPng, withToken, type TestServer } from '../helpers.js';

/**
 * The access matrix: for every endpoint and socket event that names an object (history, cart,
 * orders, payments, chats, slots, products, blogs), every role and a non-owner. Each row checks the
 * answer AND that the owner's view of the object is unchanged afterwards: nothing read or changed
 * that should not be.
 */
type Who = 'guest' | 'patientA' | 'patientB' | 'doctorA' | 'doctorB' | 'pharmacistA' | 'pharmacistB';
const everyone: Who[] = ['guest', 'patientA', 'patientB', 'doctorA', 'doctorB', 'pharmacistA', 'pharmacistB'];

let server: TestServer;
const people = {} as Record<Exclude<Who, 'guest'>, { token: string; id: string }>;
let socketUrl = '';
let slotHeld = '';
let slotFree = '';
let chatId = '';
let diagnosisId = '';
let productSlug = '';

const headers = (who: Who) => (who === 'guest' ? {} : { authorization: people[who].token });
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, fields: Record<string, string> = {}) =>
  server.app.inject(
    method === 'GET'
      ? { method, url, headers: headers(who) }
      : { method, url, ...(who === 'guest' ? multipart(fields) : withToken(people[who].token, fields)) },
  );
const json = (res: LightMyRequestResponse) => res.json() as any;

/** A refusal: 401 for guests, 403/404 for the signed-in who may not; always with a message. */
function expectRefused(res: LightMyRequestResponse, who: Who, context: string) {
  expect(res.statusCode, `${context} as ${who}: ${res.body}`).toBe(who === 'guest' ? 401 : res.statusCode === 404 ? 404 : 403);
  expect(typeof json(res).message, context).toBe('string');
}

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  for (const who of everyone.filter((w): w is Exclude<Who, 'guest'> => w !== 'guest')) {
    const role = who.replace(/[AB]$/, '') as 'patient' | 'doctor' | 'pharmacist';
    people[who] = await signUpAndLogin(server.app, role);
  }
  const when = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  for (const time of ['09:00', '09:30']) {
    const added = await send('doctorA', 'POST', '/api/appointment', { date: when, time });
    expect(added.statusCode, added.body).toBe(200);
  }
  const slots = json(await send('doctorA', 'GET', '/api/appointment')).appointments;
  [slotHeld, slotFree] = slots.map((s: { _id: string }) => s._id);
  const reserved = await send('patientA', 'POST', `/api/appointment/reserve/?appointment=${slotHeld}&receiver=${people.doctorA.id}`);
  expect(reserved.statusCode, reserved.body).toBe(200);
  chatId = json(await send('patientA', 'GET', '/api/chat')).chats[0]._id;

  const added = await send('patientA', 'POST', '/api/history/diagnosis', { diagnosis: 'Migraine', notes: 'private note', doctor: '' });
  expect(added.statusCode, added.body).toBe(200);
  diagnosisId = json(await send('patientA', 'GET', `/api/history/?patient=${people.patientA.id}`)).history.diagnosis[0]._id;

  const products = json(await server.app.inject('/api/medicines/?page=1')).products ?? [];
  for (const p of products) {
    const detail = json(await server.app.inject(`/api/medicine/?product=${p.slug}`)).product;
    if (detail?.quantity >= 5 && !detail.prescriptionOnly) {
      productSlug = p.slug;
      break;
    }
  }
  const carted = productSlug ? await send('patientA', 'POST', '/api/cart', { product: productSlug, quantity: '2' }) : null;
  if (carted) expect(carted.statusCode, carted.body).toBe(200);

  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  socketUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => server?.close());

describe('medical history: the patient and her doctors only', () => {
  const ownerView = async () => json(await send('patientA', 'GET', `/api/history/?patient=${people.patientA.id}`)).history;

  it.each(everyone)('reading patient A’s history as %s', async (who) => {
    const res = await send(who, 'GET', `/api/history/?patient=${people.patientA.id}`);
    if (who === 'patientA' || who === 'doctorA') {
      expect(res.statusCode).toBe(200);
      expect(json(res).history.diagnosis.map((d: { diagnosis: string }) => d.diagnosis)).toContain('Migraine');
    } else {
      expectRefused(res, who, 'read history');
      expect(res.body).not.toContain('private note');
    }
  });

  it.each(everyone.filter((w) => w !== 'patientA'))('deleting patient A’s entry as %s changes nothing', async (who) => {
    const res = await send(who, 'DELETE', `/api/history/diagnosis/?diagnosis=${diagnosisId}`);
    expect(res.statusCode).not.toBe(200);
    expect(typeof json(res).message).toBe('string');
    expect((await ownerView()).diagnosis.map((d: { _id: string }) => d._id)).toContain(diagnosisId);
  });

  // Her doctor (a care relation) may add, signed with his name; nobody else's entry ever lands.
  it.each(everyone.filter((w) => w !== 'patientA' && w !== 'doctorA'))('adding as %s never lands in patient A’s history', async (who) => {
    const before = (await ownerView()).diagnosis.length;
    await send(who, 'POST', `/api/history/diagnosis/?patient=${people.patientA.id}`, { diagnosis: `planted by ${who}`, notes: '' });
    const after = await ownerView();
    expect(after.diagnosis.length).toBe(before);
    expect(JSON.stringify(after)).not.toContain(`planted by ${who}`);
  });

  it('adding as doctorA, her doctor, lands signed with his name', async () => {
    const res = await send('doctorA', 'POST', `/api/history/diagnosis/?patient=${people.patientA.id}`, { diagnosis: 'written by doctorA', notes: '' });
    expect(res.statusCode, res.body).toBe(200);
    const entry = (await ownerView()).diagnosis.find((d: { diagnosis: string }) => d.diagnosis === 'written by doctorA');
    expect(entry?.self_reported).toBe(false);
  });

  it.each(everyone.filter((w) => w !== 'patientA'))('patient A’s access log is not readable as %s', async (who) => {
    const res = await send(who, 'GET', `/api/history/access-log/?patient=${people.patientA.id}`);
    if (res.statusCode === 200) expect(res.body).not.toContain(people.patientA.id);
    else expect(typeof json(res).message).toBe('string');
  });
});

describe('appointment slots: the owning doctor and the holding patient only', () => {
  const profile = async () => {
    const name = json(await send('doctorA', 'GET', '/api/auth/user')).user.name;
    // Seen by the holder: only she is told that the slot is hers.
    const doc = json(await send('patientA', 'GET', `/api/doctors/?name=${encodeURIComponent(name)}`)).doctor;
    return new Map<string, { reserved: boolean; patient: string | null }>(doc.availableDates.map((s: any) => [s._id, s]));
  };

  it.each(everyone.filter((w) => w !== 'doctorA' && w !== 'doctorB'))('adding a slot as %s is refused', async (who) => {
    const res = await send(who, 'POST', '/api/appointment', { date: new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10), time: '11:00' });
    expectRefused(res, who, 'add slot');
  });

  it.each(everyone.filter((w) => !w.startsWith('patient')))('reserving as %s is refused', async (who) => {
    const res = await send(who, 'POST', `/api/appointment/reserve/?appointment=${slotFree}&receiver=${people.doctorA.id}`);
    expectRefused(res, who, 'reserve');
    expect((await profile()).get(slotFree)).toMatchObject({ reserved: false });
  });

  it('a slot cannot be reserved through another doctor, nor taken from its holder', async () => {
    const wrongDoctor = await send('patientB', 'POST', `/api/appointment/reserve/?appointment=${slotFree}&receiver=${people.doctorB.id}`);
    expect(wrongDoctor.statusCode).not.toBe(200);
    const taken = await send('patientB', 'POST', `/api/appointment/reserve/?appointment=${slotHeld}&receiver=${people.doctorA.id}`);
    expect(taken.statusCode).not.toBe(200);
    const slots = await profile();
    expect(slots.get(slotFree)).toMatchObject({ reserved: false });
    expect(slots.get(slotHeld)).toMatchObject({ reserved: true, patient: people.patientA.id });
  });

  it.each(everyone.filter((w) => w !== 'patientA' && w !== 'doctorA'))('cancelling patient A’s slot as %s changes nothing', async (who) => {
    const res = await send(who, 'DELETE', `/api/appointment/cancel/?appointment=${slotHeld}`);
    expectRefused(res, who, 'cancel');
    expect((await profile()).get(slotHeld)).toMatchObject({ reserved: true, patient: people.patientA.id });
  });

  it.each(['patientB', 'doctorB', 'pharmacistA'] as Who[])('the appointment list as %s holds none of A’s', async (who) => {
    const res = await send(who, 'GET', '/api/appointment');
    if (res.statusCode === 200) expect(json(res).appointments.map((a: { _id: string }) => a._id)).not.toContain(slotHeld);
    else expect(typeof json(res).message).toBe('string');
  });
});

describe('chats over HTTP and sockets: the two members only', () => {
  it.each(everyone.filter((w) => w !== 'patientA' && w !== 'doctorA'))('the chat list as %s does not show A’s chat', async (who) => {
    const res = await send(who, 'GET', '/api/chat');
    if (who === 'guest') return expectRefused(res, who, 'chat list');
    expect(json(res).chats.map((c: { _id: string }) => c._id)).not.toContain(chatId);
  });

  async function connect(who: Who): Promise<Socket> {
    const socket = io(socketUrl, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: who === 'guest' ? undefined : { token: people[who].token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }
  const emit = (socket: Socket, event: string, ...args: unknown[]) =>
    socket.timeout(5_000).emitWithAck(event, ...args) as Promise<{ ok?: boolean; message?: string }>;

  it.each(everyone.filter((w) => w !== 'patientA' && w !== 'doctorA'))(
    'as %s: joining, reading and writing A’s chat are refused and store nothing',
    async (who) => {
      const outsider = await connect(who);
      const member = await connect('patientA');
      try {
        const seen: unknown[] = [];
        outsider.on('chat', (list: unknown) => seen.push(list));
        if (who !== 'guest') expect(await emit(outsider, 'goOnline', people[who].token)).toEqual({ ok: true });
        expect((await emit(outsider, 'joinChat', chatId)).message).toBeTruthy();
        expect((await emit(outsider, 'getMessages', chatId)).message).toBeTruthy();
        const planted = `planted by ${who}`;
        const token = who === 'guest' ? 'null' : people[who].token;
        expect((await emit(outsider, 'sendMessage', { chatId, content: planted, sender: token })).message).toBeTruthy();

        // The member writes; the outsider, who tried to join, must not receive it.
        expect(await emit(member, 'joinChat', chatId)).toEqual({ ok: true });
        const received = new Promise<Array<{ content: string }>>((resolve) => member.once('chat', resolve));
        expect(await emit(member, 'sendMessage', { chatId, content: `secret for ${who}`, sender: people.patientA.token })).toEqual({ ok: true });
        const list = await received;
        expect(list.map((m) => m.content)).toContain(`secret for ${who}`);
        expect(list.map((m) => m.content)).not.toContain(planted);
        await new Promise((r) => setTimeout(r, 200));
        expect(JSON.stringify(seen)).not.toContain('secret for');
      } finally {
        outsider.close();
        member.close();
      }
    },
  );

  it('a socket signed in as one user cannot speak with another user’s chat by naming a foreign token', async () => {
    const outsider = await connect('patientB');
    try {
      // patientB's socket sends with patientB's token in `sender`: refused for A's chat.
      expect((await emit(outsider, 'sendMessage', { chatId, content: 'spoof', sender: people.patientB.token })).message).toBeTruthy();
      const member = await connect('doctorA');
      const list = await new Promise<Array<{ content: string }>>((resolve) => {
        member.once('chat', resolve);
        member.emit('getMessages', chatId);
      });
      member.close();
      expect(list.map((m) => m.content)).not.toContain('spoof');
    } finally {
      outsider.close();
    }
  });
});

describe('blogs: only doctors publish', () => {
  it.each(everyone.filter((w) => !w.startsWith('doctor')))('publishing as %s is refused and adds nothing', async (who) => {
    const before = json(await server.app.inject('/api/blog')).blogs.length;
    const res = await send(who, 'POST', '/api/blog', { title: `Planted ${who}`, content: '<p>text</p>', category: 'health', keywords: 'a' });
    expectRefused(res, who, 'publish');
    const after = json(await server.app.inject('/api/blog')).blogs;
    expect(after.length).toBe(before);
  });
});

describe('cart: each user sees and changes only their own', () => {
  const ownerCart = async () => json(await send('patientA', 'GET', '/api/cart')).cart;

  it('patient A has a line to protect', async () => {
    expect(productSlug).not.toBe('');
    expect((await ownerCart())[0].products[0].quantity).toBe(2);
  });

  it.each(everyone.filter((w) => w !== 'patientA'))('as %s: reading and changing a cart never touches A’s', async (who) => {
    const read = await send(who, 'GET', '/api/cart');
    if (who === 'guest') expect(json(read)).toEqual({ message: 'Unauthorized' });
    else expect(JSON.stringify(json(read).cart)).not.toContain(`"quantity":2`);
    await send(who, 'POST', `/api/cart/?user=${people.patientA.id}`, {
      product: productSlug,
      quantity: '1',
      user: people.patientA.id,
      user_id: people.patientA.id,
    });
    await send(who, 'DELETE', `/api/cart/?product=${productSlug}&user=${people.patientA.id}`);
    const cart = await ownerCart();
    expect(cart[0].products).toHaveLength(1);
    expect(cart[0].products[0].quantity).toBe(2);
  });
});

describe('products: only the owning pharmacist changes them', () => {
  let ownSlug = '';
  const product = async () => json(await server.app.inject(`/api/medicine/?product=${ownSlug}`));

  beforeAll(async () => {
    const category = json(await server.app.inject('/api/category')).categories[0].slug;
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/medicines',
      ...withToken(people.pharmacistA.token, {
        name: `Matrix Syrup ${Date.now()}`,
        price: '12.5',
        quantity: '40',
        category,
        about: 'About',
        description: 'Description',
        indications: 'x',
        sideEffects: 'x',
        contraindicationsAndWarnings: 'x',
        thumbnail: { filename: 't.png', content: tinyPng, type: 'image/png' },
      }),
    });
    expect(created.statusCode, created.body).toBe(200);
    ownSlug = json(created).product.slug;
  });

  it.each(everyone.filter((w) => w !== 'pharmacistA' && w !== 'pharmacistB'))('listing a product as %s is refused', async (who) => {
    expectRefused(await send(who, 'POST', '/api/medicines', { name: `Planted ${who}`, price: '1', quantity: '1' }), who, 'list product');
  });

  it.each(everyone.filter((w) => w !== 'pharmacistA'))('as %s: changing or deleting pharmacist A’s product changes nothing', async (who) => {
    const before = await product();
    expectRefused(await send(who, 'PATCH', `/api/medicine/?product=${ownSlug}`, { price: '0.01', quantity: '0', name: 'Hijacked' }), who, 'edit product');
    expectRefused(await send(who, 'DELETE', `/api/medicine/?product=${ownSlug}`), who, 'delete product');
    expect(await product()).toEqual(before);
  });

  it.each(['pharmacistB', 'patientA', 'doctorA'] as Who[])('pharmacist A’s own list is not shown to %s', async (who) => {
    const res = await send(who, 'GET', '/api/medicines/mine');
    if (res.statusCode === 200) expect(res.body).not.toContain(ownSlug);
    else expectRefused(res, who, 'own products');
  });

  describe('orders and payments: the buyer, and the seller for its own orders', () => {
    let orderId = '';
    let paymentId = '';
    const sellerView = async () => json(await send('pharmacistA', 'GET', '/api/orders/received')).orders.find((o: { _id: string }) => o._id === orderId);

    beforeAll(async () => {
      expect((await send('patientA', 'POST', '/api/cart', { product: ownSlug, quantity: '1' })).statusCode).toBe(200);
      const year = String((new Date().getUTCFullYear() + 2) % 100);
      const paid = await send('patientA', 'POST', '/api/checkout', {
        number: '4242 4242 4242 4242',
        exp_month: '12',
        exp_year: year,
        cvc: '123',
        currency: 'usd',
        location: '1 Nile St',
        country: 'Egypt',
        government: 'Cairo',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      orderId = json(await send('patientA', 'GET', '/api/orders/user')).orders.find((o: { medicine: { slug: string } }) => o.medicine.slug === ownSlug)._id;
      paymentId = json(await send('patientA', 'GET', '/api/payments')).payments[0]._id;
    });

    it.each(everyone.filter((w) => w !== 'patientA'))('as %s: patient A’s orders and payments are not listed', async (who) => {
      for (const url of ['/api/orders/user', '/api/payments']) {
        const res = await send(who, 'GET', url);
        if (who === 'guest') expectRefused(res, who, url);
        else expect(res.body).not.toContain(who === 'pharmacistA' && url === '/api/orders/user' ? paymentId : orderId);
        expect(res.body).not.toContain(paymentId);
      }
    });

    it.each(everyone.filter((w) => w !== 'pharmacistA'))('as %s: the order is not among orders received', async (who) => {
      const res = await send(who, 'GET', '/api/orders/received');
      if (res.statusCode === 200) expect(res.body).not.toContain(orderId);
      else expectRefused(res, who, 'orders received');
    });

    it.each(everyone.filter((w) => w !== 'pharmacistA'))('as %s: moving the order’s delivery status changes nothing', async (who) => {
      const before = await sellerView();
      expectRefused(await send(who, 'PATCH', `/api/orders/status/?order=${orderId}`, { status: 'cancelled' }), who, 'order status');
      expect(await sellerView()).toEqual(before);
      expect(before.deliveryStatus).toBe('pending');
    });

    it('the seller sees and moves it', async () => {
      expect((await send('pharmacistA', 'PATCH', `/api/orders/status/?order=${orderId}`, { status: 'shipped' })).statusCode).toBe(200);
      const mine = json(await send('patientA', 'GET', '/api/orders/user')).orders.find((o: { _id: string }) => o._id === orderId);
      expect(mine.deliveryStatus).toBe('shipped');
    });
  });
});

/**
 * Administrators, and professionals an administrator has not approved (pending, rejected) or has
 * suspended: none of them lists, sells, publishes or reads a patient's data; only administrators
 * reach the admin API.
 */
describe('administrators and professionals who are not approved', () => {
  type Standing = 'admin' | 'pendingDoctor' | 'rejectedDoctor' | 'suspendedDoctor' | 'pendingPharmacist' | 'suspendedPharmacist';
  const standings: Standing[] = ['admin', 'pendingDoctor', 'rejectedDoctor', 'suspendedDoctor', 'pendingPharmacist', 'suspendedPharmacist'];
  const acct = {} as Record<Standing, { token: string; id: string; email: string; password: string }>;
  const as = (who: Standing, method: 'GET' | 'POST', url: string, fields: Record<string, string> = {}) =>
    server.app.inject(method === 'GET' ? { method, url, headers: { authorization: acct[who].token } } : { method, url, ...withToken(acct[who].token, fields) });
  const adminAction = (url: string, fields: Record<string, string> = {}) => as('admin', 'POST', url, fields);

  beforeAll(async () => {
    const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: 'admin@clinic.test', password: 'Admin#2026' }) });
    expect(login.statusCode, login.body).toBe(200);
    acct.admin = { token: json(login).token, id: json(login).user._id, email: 'admin@clinic.test', password: 'Admin#2026' };
    acct.pendingDoctor = await signUpAndLogin(server.app, 'doctor', {}, { pending: true });
    acct.rejectedDoctor = await signUpAndLogin(server.app, 'doctor', {}, { pending: true });
    acct.pendingPharmacist = await signUpAndLogin(server.app, 'pharmacist', {}, { pending: true });
    // The suspended doctor had a reservation with patient B before the suspension.
    acct.suspendedDoctor = await signUpAndLogin(server.app, 'doctor');
    acct.suspendedPharmacist = await signUpAndLogin(server.app, 'pharmacist');
    const when = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
    const slot = json(await as('suspendedDoctor', 'POST', '/api/appointment', { date: when, time: '10:00' })).appointment._id;
    expect((await send('patientB', 'POST', `/api/appointment/reserve/?appointment=${slot}&receiver=${acct.suspendedDoctor.id}`)).statusCode).toBe(200);
    expect(
      (await adminAction(`/api/admin/professionals/${acct.rejectedDoctor.id}/reject`, { reason: 'Licence number not on the syndicate register' })).statusCode,
    ).toBe(200);
    for (const who of ['suspendedDoctor', 'suspendedPharmacist'] as const) {
      const res = await adminAction(`/api/admin/users/${acct[who].id}/suspend`, { reason: 'Complaint under review' });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  const adminReads = [
    '/api/admin/professionals?status=pending',
    '/api/admin/users?q=a',
    '/api/admin/stats',
    '/api/admin/audit',
    '/api/admin/articles',
    '/api/admin/products',
  ];

  it.each(everyone)('as %s: every admin route answers 401/403', async (who) => {
    for (const url of adminReads) expectRefused(await send(who, 'GET', url), who, url);
    for (const url of [
      `/api/admin/professionals/${people.doctorA.id}/approve`,
      `/api/admin/professionals/${people.doctorA.id}/reject`,
      `/api/admin/users/${people.patientA.id}/suspend`,
      `/api/admin/users/${people.patientA.id}/reinstate`,
    ]) {
      expectRefused(await send(who, 'POST', url, { reason: 'x' }), who, url);
    }
    // Nobody was changed by the refused calls.
    expect(json(await send('patientA', 'GET', '/api/auth/user')).user.status).toBe('approved');
  });

  it.each(standings.filter((s) => s !== 'admin'))('as %s: no admin route either', async (who) => {
    if (who.startsWith('suspended')) return; // a suspended account has no token any more (checked below)
    for (const url of adminReads) expect((await as(who, 'GET', url)).statusCode, url).toBe(403);
  });

  it('as admin: every admin read answers 200', async () => {
    for (const url of adminReads) expect((await as('admin', 'GET', url)).statusCode, url).toBe(200);
  });

  it.each(['pendingDoctor', 'rejectedDoctor', 'pendingPharmacist'] as const)(
    'as %s: logs in with the status, cannot publish slots, articles or products',
    async (who) => {
      const me = json(await as(who, 'GET', '/api/auth/user')).user;
      expect(me.status).toBe(who === 'rejectedDoctor' ? 'rejected' : 'pending');
      if (who === 'rejectedDoctor') expect(me.statusReason).toBe('Licence number not on the syndicate register');
      const when = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
      for (const [url, fields] of [
        ['/api/appointment', { date: when, time: '11:00' }],
        ['/api/blog', { title: 'Fake cures', content: '<p>Buy now</p>', category: 'health' }],
        ['/api/medicines', { name: 'Fake pills', price: '10', quantity: '5' }],
      ] as const) {
        const res = await as(who, 'POST', url, fields);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      }
    },
  );

  it.each(['pendingDoctor', 'rejectedDoctor', 'suspendedDoctor'] as const)('as %s: not listed and no public page', async (who) => {
    const name = (await server.app.db.selectFrom('users').select('name').where('id', '=', acct[who].id).executeTakeFirstOrThrow()).name;
    expect((await server.app.inject('/api/doctors')).body).not.toContain(acct[who].id);
    expect((await server.app.inject('/api/doctors/top')).body).not.toContain(acct[who].id);
    expect((await server.app.inject(`/api/doctors/?name=${encodeURIComponent(name)}`)).statusCode).toBe(404);
  });

  it.each(['pendingDoctor', 'rejectedDoctor', 'pendingPharmacist', 'admin'] as const)('as %s: reads no patient history', async (who) => {
    for (const patient of [people.patientA.id, people.patientB.id]) {
      const before = json(await send('patientA', 'GET', `/api/history/?patient=${people.patientA.id}`)).history;
      const res = await as(who, 'GET', `/api/history/?patient=${patient}`);
      expect(res.statusCode, res.body).toBe(403);
      expect(json(await send('patientA', 'GET', `/api/history/?patient=${people.patientA.id}`)).history).toEqual(before);
    }
  });

  it.each(['suspendedDoctor', 'suspendedPharmacist'] as const)('as %s: the old token is dead and logging in is refused with the reason', async (who) => {
    expect((await as(who, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await as(who, 'GET', `/api/history/?patient=${people.patientB.id}`)).statusCode).toBe(401);
    const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: acct[who].email, password: acct[who].password }) });
    expect(login.statusCode).toBe(403);
    expect(json(login).message).toContain('Complaint under review');
  });

  it('a suspended pharmacist sells nothing and a suspended doctor takes no reservation', async () => {
    const shop = await server.app.inject('/api/medicines/?page=1');
    expect(shop.body).not.toContain(acct.suspendedPharmacist.id);
    const slots = await server.app.db
      .selectFrom('appointments')
      .select('id')
      .where('doctor_id', '=', acct.suspendedDoctor.id)
      .where('reserved', '=', 0)
      .execute();
    for (const s of slots) {
      expect((await send('patientA', 'POST', `/api/appointment/reserve/?appointment=${s.id}&receiver=${acct.suspendedDoctor.id}`)).statusCode).toBe(404);
    }
  });
});
