import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { openDatabase, type OpenedDatabase } from '../../server/db/index.js';
import type { Write } from '../../server/db/written-rows.js';
import type { App } from '../../server/types.js';
import { answerCacheListening, signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';
import { checkout, listProduct, setCart } from './shop-helpers.js';

/**
 * The public answers kept in memory: revalidation by ETag, and no answer outliving the write that
 * changed it (price, stock after a checkout, a new slot or rating), nor shared between viewers.
 */
let server: TestServer;
let app: App;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  app = server.app;
  await answerCacheListening(app);
});
afterAll(async () => server?.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('ETag and 304', () => {
  it('answers a repeated read with the same strong ETag and 304 when the client holds it', async () => {
    const first = await get('/api/medicines/?page=1&sort=newest');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    // The same question with its parameters in another order is the same answer.
    const again = await get('/api/medicines?sort=newest&page=1');
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(again.headers['x-content-type-options']).toBe('nosniff');

    const revalidated = await get('/api/medicines?page=1&sort=newest', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect((await get('/api/medicines?page=1&sort=newest', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('does the same for the doctors list, blogs, slides, menus and categories', async () => {
    for (const url of [
      '/api/doctors',
      '/api/top-doctors',
      '/api/blog',
      '/api/blog/category',
      '/api/cms/slider',
      '/api/cms/menu?menu=features',
      '/api/category',
    ]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect((await get(url, { 'if-none-match': String(first.headers.etag) })).statusCode, url).toBe(304);
    }
  });

  it('keeps bad input a 4xx, never a kept answer', async () => {
    expect((await get('/api/medicines?page=0')).statusCode).toBe(400);
    expect((await get('/api/medicines?page=0')).statusCode).toBe(400);
    expect((await get('/api/medicine?product=nothing-by-this-name')).statusCode).toBe(404);
  });
});

describe('a write is visible on the next read', () => {
  it('shows a new price in the product, the catalogue page and the search', async () => {
    const pharmacist = await signUpAndLogin(app, 'pharmacist');
    const product = await listProduct(app, pharmacist.token, { name: 'Cachetest Calm Syrup', price: '10.00' });
    const detail = `/api/medicine?product=${product.slug}`;
    const search = '/api/medicines?q=cachetest';
    expect((await get(detail)).json().product.price).toBe(10);
    expect((await get(search)).json().products[0].price).toBe(10);

    const edit = await app.inject({ method: 'PATCH', url: `/api/medicine/?product=${product.slug}`, ...withToken(pharmacist.token, { price: '7.25' }) });
    expect(edit.statusCode).toBe(200);
    expect((await get(detail)).json().product.price).toBe(7.25);
    expect((await get(search)).json().products[0].price).toBe(7.25);
  });

  it('never serves the stock from before a checkout', async () => {
    const pharmacist = await signUpAndLogin(app, 'pharmacist');
    const product = await listProduct(app, pharmacist.token, { name: 'Cachetest Stock Drops', quantity: '5' });
    const detail = `/api/medicine?product=${product.slug}`;
    const list = '/api/medicines?q=cachetest%20stock%20drops';
    expect((await get(detail)).json().product.quantity).toBe(5);
    expect((await get(list)).json().products[0].quantity).toBe(5);

    const patient = await signUpAndLogin(app, 'patient');
    expect((await setCart(app, patient.token, product.slug, 2)).statusCode).toBe(200);
    const paid = await checkout(app, patient.token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await get(detail)).json().product.quantity).toBe(3);
    expect((await get(list)).json().products[0].quantity).toBe(3);
  });

  it('forgets one product without forgetting the others', async () => {
    const pharmacist = await signUpAndLogin(app, 'pharmacist');
    const [a, b] = [
      await listProduct(app, pharmacist.token, { name: 'Cachetest Alpha' }),
      await listProduct(app, pharmacist.token, { name: 'Cachetest Beta' }),
    ];
    const etagB = (await get(`/api/medicine?product=${b.slug}`)).headers.etag;
    await get(`/api/medicine?product=${a.slug}`);
    await app.inject({ method: 'PATCH', url: `/api/medicine/?product=${a.slug}`, ...withToken(pharmacist.token, { price: '3.00' }) });
    // B's answer is still the kept one: a revalidation costs no query.
    expect((await get(`/api/medicine?product=${b.slug}`, { 'if-none-match': String(etagB) })).statusCode).toBe(304);
    expect((await get(`/api/medicine?product=${a.slug}`)).json().product.price).toBe(3);
  });

  it("shows a new slot in the doctors list and a new rating in the doctor's page and the list", async () => {
    const doctor = await signUpAndLogin(app, 'doctor');
    const name = (await get('/api/auth/user', { authorization: doctor.token })).json().user.name as string;
    const inList = async () => ((await get('/api/doctors')).json().doctors as Array<{ _id: string; rate: number }>).find((d) => d._id === doctor.id);
    const paged = async () =>
      ((await get('/api/doctors?sort=name&page=1&q=' + encodeURIComponent(name))).json().doctors as Array<{ _id: string; nextSlot: string | null }>).find(
        (d) => d._id === doctor.id,
      );
    expect((await paged())?.nextSlot).toBeNull();

    const slot = await app.inject({ method: 'POST', url: '/api/appointment', ...withToken(doctor.token, { date: inDays(3), time: '10:15' }) });
    expect(slot.statusCode, slot.body).toBe(200);
    expect((await paged())?.nextSlot).not.toBeNull();

    // A visit that has happened, then the rating.
    const patient = await signUpAndLogin(app, 'patient');
    const page = (await get(`/api/doctors?name=${encodeURIComponent(name)}`)).json().doctor;
    const slotId = page.availableDates[0]._id as string;
    expect(
      (await app.inject({ method: 'POST', url: `/api/appointment/reserve/?appointment=${slotId}&receiver=${doctor.id}`, ...withToken(patient.token) }))
        .statusCode,
    ).toBe(200);
    await app.db
      .updateTable('appointments')
      .set({ starts_at: new Date(Date.now() - 3600_000).toISOString() })
      .where('id', '=', slotId)
      .execute();
    expect((await inList())?.rate).toBe(0);
    const before = (await get(`/api/doctors?name=${encodeURIComponent(name)}`)).json().doctor;
    expect(before.rate).toBe(0);
    const rated = await app.inject({
      method: 'POST',
      url: `/api/doctors/rate/?doctor=${doctor.id}&rate=4`,
      ...withToken(patient.token, { comment: 'Kind and clear' }),
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect((await inList())?.rate).toBe(4);
    expect((await get(`/api/doctors?name=${encodeURIComponent(name)}`)).json().doctor.rate).toBe(4);
  });
});

describe('answers that depend on the viewer', () => {
  it("never shows one patient's slot marking to a guest or another patient", async () => {
    const doctor = await signUpAndLogin(app, 'doctor');
    const name = (await get('/api/auth/user', { authorization: doctor.token })).json().user.name as string;
    await app.inject({ method: 'POST', url: '/api/appointment', ...withToken(doctor.token, { date: inDays(4), time: '11:15' }) });
    const url = `/api/doctors?name=${encodeURIComponent(name)}`;
    const slotId = (await get(url)).json().doctor.availableDates[0]._id as string;
    const holder = await signUpAndLogin(app, 'patient');
    const other = await signUpAndLogin(app, 'patient');
    expect(
      (await app.inject({ method: 'POST', url: `/api/appointment/reserve/?appointment=${slotId}&receiver=${doctor.id}`, ...withToken(holder.token) }))
        .statusCode,
    ).toBe(200);

    // The holder asks first, so a shared answer would be theirs.
    const own = (await get(url, { authorization: holder.token })).json().doctor.availableDates[0];
    expect(own.patient).toBe(holder.id);
    expect((await get(url, { authorization: holder.token })).headers.etag).toBeUndefined();
    for (const headers of [{}, { authorization: other.token }, {}] as Array<Record<string, string>>) {
      const seen = (await get(url, headers)).json().doctor.availableDates[0];
      expect(seen.reserved).toBe(true);
      expect(seen.patient).toBeNull();
      expect(seen.chat).toBeNull();
    }
  });

  it('still refuses a signed-in account that must set up two-factor before a kept public answer', async () => {
    const strict = await startTestServer({ env: { MFA_REQUIRED_ROLES: 'patient' } });
    try {
      const person = await signUpAndLogin(strict.app, 'patient');
      await strict.app.inject({ method: 'GET', url: '/api/blog' });
      expect((await strict.app.inject({ method: 'GET', url: '/api/blog', headers: { authorization: person.token } })).statusCode).toBe(403);
    } finally {
      await strict.close();
    }
  });
});

describe('which writes are reported', () => {
  it('reports a committed transaction once, with the rows it names, and nothing for a rolled back one', async () => {
    const seen: Write[][] = [];
    const previous = server.database.reportWrites;
    server.database.reportWrites = (writes) => {
      seen.push(writes);
      previous(writes);
    };
    try {
      const product = await app.db.selectFrom('products').select(['id', 'quantity']).limit(1).executeTakeFirstOrThrow();
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ quantity: product.quantity }).where('id', '=', product.id).where('quantity', '>=', 0).execute();
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual([[{ table: 'products', row: product.id }]]);
      seen.length = 0;
      await expect(
        app.db.transaction().execute(async (trx) => {
          await trx.updateTable('products').set({ quantity: product.quantity }).where('id', '=', product.id).execute();
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(seen).toEqual([]);
      await app.db.selectFrom('products').select('id').limit(1).execute();
      expect(seen).toEqual([]);
    } finally {
      server.database.reportWrites = previous;
    }
  });
});

/**
 * Two instances, each with its own connections to one database, and one Redis: a write through A
 * must be visible on the next read through B, which had the old answer in memory.
 */
const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('two instances behind a balancer (runs when REDIS_URL is set; with DATABASE_URL on PostgreSQL)', () => {
  let first: TestServer;
  let secondDatabase: OpenedDatabase;
  let second: App;

  beforeAll(async () => {
    first = await startTestServer({ seed: true, env: { REDIS_URL: redisUrl ?? '' } });
    secondDatabase = openDatabase(first.config);
    second = await buildApp({ config: first.config, database: secondDatabase, logger: false });
    await second.ready();
    await answerCacheListening(first.app, second);
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.db.destroy();
    await first?.close();
  });

  it('shows a price changed through A in the next read through B, over real HTTP', async () => {
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const urlOf = (a: App) => `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`;
    const pharmacist = await signUpAndLogin(first.app, 'pharmacist');
    const product = await listProduct(first.app, pharmacist.token, { name: 'Cachetest Two Instances', price: '20.00' });
    const read = async (a: App) => {
      const res = await fetch(`${urlOf(a)}/api/medicine?product=${product.slug}`);
      return { price: ((await res.json()) as { product: { price: number } }).product.price, etag: res.headers.get('etag') };
    };
    const kept = await read(second);
    expect(kept.price).toBe(20);
    expect((await read(second)).etag).toBe(kept.etag);

    const form = withToken(pharmacist.token, { price: '15.50' });
    const edit = await fetch(`${urlOf(first.app)}/api/medicine/?product=${product.slug}`, { method: 'PATCH', body: form.payload, headers: form.headers });
    expect(edit.status).toBe(200);
    expect((await read(second)).price).toBe(15.5);
    expect((await read(first.app)).price).toBe(15.5);

    // Stock through a checkout on B, read on A.
    const patient = await signUpAndLogin(second, 'patient');
    expect((await read(first.app)).price).toBe(15.5);
    const stockOn = async (a: App) =>
      ((await (await fetch(`${urlOf(a)}/api/medicine?product=${product.slug}`)).json()) as { product: { quantity: number } }).product.quantity;
    const before = await stockOn(first.app);
    expect((await setCart(second, patient.token, product.slug, 1)).statusCode).toBe(200);
    expect((await checkout(second, patient.token)).statusCode).toBe(200);
    expect(await stockOn(first.app)).toBe(before - 1);
  });

  it('refuses through B a token logged out through A, though B kept its sign-in, over real HTTP', async () => {
    // The servers listen since the test above.
    const urlOf = (a: App) => `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`;
    const patient = await signUpAndLogin(first.app, 'patient');
    const cartThrough = async (a: App) => (await fetch(`${urlOf(a)}/api/cart`, { headers: { authorization: patient.token } })).status;
    expect(await cartThrough(second)).toBe(200);
    expect(await cartThrough(second)).toBe(200);
    const logout = withToken(patient.token);
    expect((await fetch(`${urlOf(first.app)}/api/auth/logout`, { method: 'POST', body: logout.payload, headers: logout.headers })).status).toBe(200);
    expect(await cartThrough(second)).toBe(401);
  });
});
