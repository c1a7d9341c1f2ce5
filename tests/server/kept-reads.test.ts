import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../server/types.js';
import { answerCacheListening, multipart, signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';
import { listProduct, setCart } from './shop-helpers.js';

/**
 * The reads kept in memory (server/cache/kept-reads.ts) are kept never longer than the truth. The
 * sign-in check reads a session's account once per process (server/plugins/auth.ts): a logout, a
 * session ended elsewhere, a suspension or an approval is seen by the very next request. A cart
 * change reads the product once (server/modules/cart/service.ts): a new stock, a product no longer
 * sold or a suspended seller is seen by the very next change.
 */
let server: TestServer;
let app: App;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  app = server.app;
  await answerCacheListening(app);
});
afterAll(async () => server?.close());

const cartOf = (token: string) => app.inject({ method: 'GET', url: '/api/cart', headers: { authorization: token } });

/**
 * How many times the requests `run` makes read the sessions table. The sign-in check runs a query
 * compiled once (db/compiled-once.ts) through `executeQuery`; were it built another way, this would
 * count none and both tests that use it would fail.
 */
async function readsMatching(target: App, sql: RegExp, run: () => Promise<unknown>) {
  const spy = vi.spyOn(target.db, 'executeQuery');
  try {
    await run();
    return spy.mock.calls.filter(([query]) => sql.test('sql' in query ? query.sql : '')).length;
  } finally {
    spy.mockRestore();
  }
}
const sessionReads = (target: App, run: () => Promise<unknown>) => readsMatching(target, /from "sessions"/i, run);

async function adminToken() {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: 'admin@clinic.test', password: 'Admin#2026' }) });
  return login.json().user.tokens[0].token as string;
}

describe('a signed-in request', () => {
  it("reads the session's account from the database once, not on every request", async () => {
    const patient = await signUpAndLogin(app, 'patient');
    const reads = await sessionReads(app, async () => {
      for (let i = 0; i < 3; i++) expect((await cartOf(patient.token)).statusCode).toBe(200);
    });
    expect(reads).toBe(1);
  });

  it('is refused right after its logout', async () => {
    const patient = await signUpAndLogin(app, 'patient');
    expect((await cartOf(patient.token)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', ...withToken(patient.token) })).statusCode).toBe(200);
    expect((await cartOf(patient.token)).statusCode).toBe(401);
  });

  it('is refused right after another session of the account signed it out', async () => {
    const patient = await signUpAndLogin(app, 'patient');
    const phone = await app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: patient.email, password: patient.password }) });
    const phoneToken = phone.json().user.tokens[0].token as string;
    expect((await cartOf(phoneToken)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/sessions/end-others', ...withToken(patient.token) })).statusCode).toBe(200);
    expect((await cartOf(phoneToken)).statusCode).toBe(401);
    expect((await cartOf(patient.token)).statusCode).toBe(200);
  });

  it('is refused right after the account is suspended', async () => {
    const patient = await signUpAndLogin(app, 'patient');
    expect((await cartOf(patient.token)).statusCode).toBe(200);
    const admin = await adminToken();
    const suspended = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${patient.id}/suspend`,
      ...withToken(admin, { reason: 'Test of kept sign-ins' }),
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await cartOf(patient.token)).statusCode).toBe(401);
  });

  it("acts with the account's new status right after an administrator approves it", async () => {
    const doctor = await signUpAndLogin(app, 'doctor', {}, { pending: true });
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const addSlot = (time: string) => app.inject({ method: 'POST', url: '/api/appointment', ...withToken(doctor.token, { date: inAWeek, time }) });
    const refused = await addSlot('10:00');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is awaiting approval by the clinic; you can do this once it is approved');
    const approved = await app.inject({ method: 'POST', url: `/api/admin/professionals/${doctor.id}/approve`, ...withToken(await adminToken()) });
    expect(approved.statusCode, approved.body).toBe(200);
    const added = await addSlot('11:00');
    expect(added.statusCode, added.body).toBe(200);
  });
});

describe('while the channel to the other instances is down', () => {
  it('keeps nothing: every request reads its session', async () => {
    // As with REDIS_URL set and the channel lost: this instance could miss the others' logouts.
    const patient = await signUpAndLogin(app, 'patient');
    expect((await cartOf(patient.token)).statusCode).toBe(200);
    const down = vi.spyOn(app.answers, 'usable').mockReturnValue(false);
    try {
      const reads = await sessionReads(app, async () => {
        for (let i = 0; i < 3; i++) expect((await cartOf(patient.token)).statusCode).toBe(200);
      });
      expect(reads).toBe(3);
    } finally {
      down.mockRestore();
    }
  });
});

describe('a cart change', () => {
  /** The cart's own reads start from cart_items; only the product lookup reads from products. */
  const productReads = (run: () => Promise<unknown>) => readsMatching(app, /^select .* from "products"/i, run);

  async function productFor(overrides: Record<string, string> = {}) {
    const pharmacist = await signUpAndLogin(app, 'pharmacist');
    const product = await listProduct(app, pharmacist.token, { name: `Kept Remedy ${Math.random().toString(36).slice(2, 8)}`, quantity: '5', ...overrides });
    return { pharmacist, product, patient: await signUpAndLogin(app, 'patient') };
  }

  it('reads the product from the database once, not on every change', async () => {
    const { product, patient } = await productFor();
    const reads = await productReads(async () => {
      for (const quantity of [1, 2, 3]) expect((await setCart(app, patient.token, product.slug, quantity)).statusCode).toBe(200);
    });
    expect(reads).toBe(1);
  });

  it('sees a new stock at once', async () => {
    const { pharmacist, product, patient } = await productFor();
    expect((await setCart(app, patient.token, product.slug, 4)).statusCode).toBe(200);
    const changed = await app.inject({ method: 'PATCH', url: `/api/medicine?product=${product.slug}`, ...withToken(pharmacist.token, { quantity: '2' }) });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await setCart(app, patient.token, product.slug, 3);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Out of stock quantity');
  });

  it('refuses a product no longer sold, and one whose seller was suspended, at once', async () => {
    const first = await productFor();
    expect((await setCart(app, first.patient.token, first.product.slug, 1)).statusCode).toBe(200);
    const removed = await app.inject({ method: 'DELETE', url: `/api/medicine?product=${first.product.slug}`, ...withToken(first.pharmacist.token) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await setCart(app, first.patient.token, first.product.slug, 2)).statusCode).toBe(404);

    const second = await productFor();
    expect((await setCart(app, second.patient.token, second.product.slug, 1)).statusCode).toBe(200);
    const suspended = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${second.pharmacist.id}/suspend`,
      ...withToken(await adminToken(), { reason: 'Test of kept products' }),
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await setCart(app, second.patient.token, second.product.slug, 2)).statusCode).toBe(404);
  });
});
