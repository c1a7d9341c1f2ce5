import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type TestServer } from './helpers.js';
import { checkoutService } from '../../server/modules/checkout/service.js';
import type { PaymentGateway } from '../../server/payments/gateway.js';
import { sandboxGateway } from '../../server/payments/sandbox.js';
import { cardForm, checkout, listProduct, setCart, stockOf, startShop } from './shop-helpers.js';

let server: TestServer;
let pharmacist: { token: string };
beforeAll(async () => {
  // Fifteen buyers log in at the same moment from one address: no hard stop and no slow-down (each
  // attempt counts for the address until its success is forgiven; the limits have their own tests).
  ({ server, pharmacist } = await startShop({ LOGIN_MAX_ATTEMPTS: '1000', LOGIN_MAX_DELAY_SECONDS: '0' }));
});
afterAll(() => server?.close());

describe('checkout under concurrency', () => {
  it('sells exactly the stock: 15 buyers of one unit each, stock 5 → 5 orders, stock 0', async () => {
    // On SQLite the driver runs these requests' transactions one after another, so this passes there even without the conditional update; race-guarantees.test.ts races the statements themselves on every database.
    const product = await listProduct(server.app, pharmacist.token, { name: 'Race Stock', quantity: '5' });
    const buyers = await Promise.all(Array.from({ length: 15 }, () => signUpAndLogin(server.app, 'patient')));
    for (const b of buyers) expect((await setCart(server.app, b.token, product.slug, 1)).statusCode).toBe(200);

    const answers = await Promise.all(buyers.map((b) => checkout(server.app, b.token)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toMatch(/^Out of stock quantity/);

    const db = server.database.db;
    const orders = await db.selectFrom('orders').select(['id', 'user_id']).where('product_id', '=', product._id).execute();
    expect(orders).toHaveLength(5);
    expect(new Set(orders.map((o) => o.user_id)).size).toBe(5);
    expect(await stockOf(server.app, product.slug)).toBe(0);
    const payments = await db.selectFrom('payments').select('id').execute();
    expect(payments).toHaveLength(5);
    const pending = await db.selectFrom('checkouts').select('id').where('status', '=', 'pending').execute();
    expect(pending).toHaveLength(0);
  });

  it('charges once: 5 concurrent checkouts of one cart (no key) → one order set, one payment', async () => {
    const product = await listProduct(server.app, pharmacist.token, { name: 'Race Cart', quantity: '10' });
    const other = await listProduct(server.app, pharmacist.token, { name: 'Race Cart Two', quantity: '10' });
    const buyer = await signUpAndLogin(server.app, 'patient');
    await setCart(server.app, buyer.token, product.slug, 2);
    await setCart(server.app, buyer.token, other.slug, 1);

    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(server.app, buyer.token)));
    expect(answers.map((a) => `${a.statusCode} ${a.json().message}`)).toEqual(Array(5).fill('200 Payed Successfully'));
    expect(new Set(answers.map((a) => a.json().payment._id)).size).toBe(1);

    const db = server.database.db;
    const payments = await db.selectFrom('payments').select('id').where('user_id', '=', buyer.id).execute();
    expect(payments).toHaveLength(1);
    const orders = await db.selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute();
    expect(orders).toHaveLength(2);
    expect(await stockOf(server.app, product.slug)).toBe(8);
    expect(await stockOf(server.app, other.slug)).toBe(9);
  });

  it('charges once: 5 concurrent checkouts with one Idempotency-Key', async () => {
    const product = await listProduct(server.app, pharmacist.token, { name: 'Race Key', quantity: '10' });
    const buyer = await signUpAndLogin(server.app, 'patient');
    await setCart(server.app, buyer.token, product.slug, 3);
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(server.app, buyer.token, {}, 'same-key-123456')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const db = server.database.db;
    expect(await db.selectFrom('payments').select('id').where('user_id', '=', buyer.id).execute()).toHaveLength(1);
    expect(await stockOf(server.app, product.slug)).toBe(7);
  });

  it('charges once when the charge is slow: duplicates wait for the first and share its answer', async () => {
    const product = await listProduct(server.app, pharmacist.token, { name: 'Race Slow', quantity: '10' });
    const buyer = await signUpAndLogin(server.app, 'patient');
    await setCart(server.app, buyer.token, product.slug, 1);
    const sandbox = sandboxGateway(server.app.db);
    let charges = 0;
    const slow: PaymentGateway = {
      name: 'sandbox',
      async charge(request) {
        charges += 1;
        await new Promise((r) => setTimeout(r, 300));
        return sandbox.charge(request);
      },
      lookup: (key) => sandbox.lookup(key),
      refund: (request) => sandbox.refund(request),
    };
    const service = checkoutService(server.app, slow);
    const viewer = { id: buyer.id, role: 'patient' as const, name: 'Buyer', status: 'approved' as const, jti: 'x', token: buyer.token };
    const answers = await Promise.all(Array.from({ length: 5 }, () => service.checkout(viewer, cardForm(), undefined)));
    expect(charges).toBe(1);
    expect(new Set(answers.map((a) => a.payment?._id)).size).toBe(1);
    expect(answers.every((a) => a.message === 'Payed Successfully')).toBe(true);
    expect(await stockOf(server.app, product.slug)).toBe(9);
  });
});
