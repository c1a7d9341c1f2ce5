import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, withToken, type TestServer } from './helpers.js';
import { sweepCheckouts } from '../../server/modules/checkout/sweeper.js';
import { cartFingerprint } from '../../server/modules/checkout/service.js';
import { sandboxGateway } from '../../server/payments/sandbox.js';
import { cardForm, checkout, declinedCard, listProduct, setCart, stockOf, startShop } from './shop-helpers.js';

let server: TestServer;
let pharmacist: { token: string };
beforeAll(async () => ({ server, pharmacist } = await startShop()));
afterAll(() => server?.close());

const get = (url: string, token: string) => server.app.inject({ method: 'GET', url, headers: { authorization: token } });

describe('checkout', () => {
  it('refuses guests', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/checkout', ...withToken('null', cardForm()) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unauthorized');
    expect((await get('/api/orders/user', 'null')).statusCode).toBe(401);
    expect((await get('/api/payments', 'null')).statusCode).toBe(401);
  });

  it('pays with 4242…, creates one order per line, decrements stock, empties the cart and records the payment', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const a = await listProduct(server.app, pharmacist.token, { name: 'Checkout A', price: '10.50', quantity: '5' });
    const b = await listProduct(server.app, pharmacist.token, { name: 'Checkout B', price: '2', quantity: '3' });
    await setCart(server.app, patient.token, a.slug, 2);
    await setCart(server.app, patient.token, b.slug, 3);

    const res = await checkout(server.app, patient.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Payed Successfully');
    expect(body.payment).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 8, amount: 27, currency: 'usd' });
    expect(body.orders).toHaveLength(2);

    expect(await stockOf(server.app, a.slug)).toBe(3);
    expect(await stockOf(server.app, b.slug)).toBe(0);
    expect((await get('/api/cart', patient.token)).json().cart).toEqual([]);

    const orders = (await get('/api/orders/user', patient.token)).json().orders as {
      medicine: { name: string };
      price: number;
      currency: string;
      deliveryStatus: string;
    }[];
    expect(orders.map((o) => [o.medicine.name, o.price, o.currency, o.deliveryStatus]).sort()).toEqual([
      ['Checkout A', 21, 'usd', 'pending'],
      ['Checkout B', 6, 'usd', 'pending'],
    ]);
    const payments = (await get('/api/payments', patient.token)).json().payments;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 8, exp_year: new Date().getUTCFullYear() + 2 });
    expect(Object.keys(payments[0]).sort()).toEqual(['_id', 'amount', 'brand', 'created_at', 'currency', 'exp_month', 'exp_year', 'last4', 'orderNumber']);
  });

  it('never stores the full card number or the CVC', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    await setCart(server.app, patient.token, 'paracetamol-500-mg', 1);
    expect((await checkout(server.app, patient.token, { cvc: '987' })).statusCode).toBe(200);
    const db = server.database.db;
    const dump = JSON.stringify([
      await db.selectFrom('payments').selectAll().execute(),
      await db.selectFrom('checkouts').selectAll().execute(),
      await db.selectFrom('orders').selectAll().execute(),
    ]);
    expect(dump).not.toContain('4242424242424242');
    expect(dump).not.toContain('4242 4242 4242 4242');
    expect(dump).not.toMatch(/"987"|cvc/i);
  });

  it('leaves stock, cart and orders untouched when the card is declined, with the decline message', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Decline Me', quantity: '4' });
    await setCart(server.app, patient.token, p.slug, 2);
    const res = await checkout(server.app, patient.token, { number: declinedCard });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    expect(await stockOf(server.app, p.slug)).toBe(4);
    expect((await get('/api/cart', patient.token)).json().cart[0].products[0].quantity).toBe(2);
    expect((await get('/api/orders/user', patient.token)).json().orders).toEqual([]);
    expect((await get('/api/payments', patient.token)).json().payments).toEqual([]);
    // The same cart can then be paid with a good card.
    const again = await checkout(server.app, patient.token);
    expect(again.statusCode).toBe(200);
    expect(await stockOf(server.app, p.slug)).toBe(2);
  });

  it('normalizes card fields: 4-digit years, dashes, default currency', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    await setCart(server.app, patient.token, 'ibuprofen-400-mg', 1);
    const res = await checkout(server.app, patient.token, {
      number: '4242-4242-4242-4242',
      exp_year: String(new Date().getUTCFullYear() + 1),
      exp_month: '1',
      currency: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment.currency).toBe('usd');
  });

  it('refuses bad card fields and bad requests with a message and changes nothing', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Validate Me', quantity: '3' });
    await setCart(server.app, patient.token, p.slug, 1);
    const lastYear = String((new Date().getUTCFullYear() - 1) % 100).padStart(2, '0');
    const cases: [Record<string, string>, RegExp][] = [
      [{ number: '' }, /card number/],
      [{ number: '4242 4242 4242 4241' }, /incorrect/],
      [{ number: '1234' }, /incorrect/],
      [{ exp_month: '' }, /expiry month/],
      [{ exp_month: '13' }, /expiry month/],
      [{ exp_year: '' }, /expiry year/],
      [{ exp_year: lastYear }, /expired/],
      [{ exp_year: '202' }, /expiry year/],
      [{ cvc: '12' }, /CVC/],
      [{ cvc: 'abc' }, /CVC/],
      [{ currency: 'eur' }, /usd/],
      [{ location: '' }, /address/],
      [{ location: 'x'.repeat(501) }, /at most 500 characters/],
      [{ expectedTotal: '-1' }, /expectedTotal must be the amount shown to you/],
      [{ expected_total: 'twenty' }, /expectedTotal must be the amount shown to you/],
      // Several wrong fields: the first one in the order a person fixes them is named.
      [{ exp_year: lastYear, cvc: '1', location: '' }, /expired/],
      [{ cvc: '1', currency: 'eur', location: '' }, /CVC/],
      [{ location: '', expectedTotal: 'x' }, /delivery address/],
    ];
    for (const [fields, message] of cases) {
      const res = await checkout(server.app, patient.token, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await stockOf(server.app, p.slug)).toBe(3);
    expect((await get('/api/payments', patient.token)).json().payments).toEqual([]);
  });

  it('refuses an empty cart', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const res = await checkout(server.app, patient.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your cart is empty');
  });

  it('refuses when the stock ran out after the product was put in the cart, and reserves nothing', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const other = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Scarce', quantity: '2' });
    const q = await listProduct(server.app, pharmacist.token, { name: 'Plenty', quantity: '9' });
    await setCart(server.app, patient.token, q.slug, 1);
    await setCart(server.app, patient.token, p.slug, 2);
    await setCart(server.app, other.token, p.slug, 1);
    expect((await checkout(server.app, other.token)).statusCode).toBe(200);
    const res = await checkout(server.app, patient.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Out of stock quantity/);
    expect(await stockOf(server.app, p.slug)).toBe(1);
    expect(await stockOf(server.app, q.slug)).toBe(9);
  });

  it('answers a retry with the same Idempotency-Key with the first answer and never charges twice', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Retry Me', quantity: '5' });
    await setCart(server.app, patient.token, p.slug, 1);
    const first = await checkout(server.app, patient.token, {}, 'key-retry-0001');
    expect(first.statusCode).toBe(200);
    const second = await checkout(server.app, patient.token, {}, 'key-retry-0001');
    expect(second.statusCode).toBe(200);
    expect(second.json().payment._id).toBe(first.json().payment._id);
    // The key may also come as a form field.
    const third = await checkout(server.app, patient.token, { idempotencyKey: 'key-retry-0001' });
    expect(third.json().payment._id).toBe(first.json().payment._id);
    expect((await get('/api/payments', patient.token)).json().payments).toHaveLength(1);
    expect(await stockOf(server.app, p.slug)).toBe(4);
    const badKey = await checkout(server.app, patient.token, {}, 'bad key!');
    expect(badKey.statusCode).toBe(400);
  });

  it('gives a declined key its decline again', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    await setCart(server.app, patient.token, 'paracetamol-500-mg', 1);
    const first = await checkout(server.app, patient.token, { number: declinedCard }, 'key-declined-01');
    expect(first.statusCode).toBe(402);
    const again = await checkout(server.app, patient.token, {}, 'key-declined-01');
    expect(again.statusCode).toBe(402);
    expect(again.json().message).toBe('Your card was declined.');
    expect((await checkout(server.app, patient.token, {}, 'key-declined-02')).statusCode).toBe(200);
  });
  it('gives back the stock of a checkout cut off by a crash once the provider says nothing was charged, by the sweeper and not by the next checkout', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Interrupted Sale', quantity: '5' });
    await setCart(server.app, patient.token, p.slug, 2);
    // What a SIGKILL between reserving the stock and charging the card leaves behind, three minutes ago.
    const db = server.database.db;
    const product = await db.selectFrom('products').select(['id', 'owner_id']).where('slug', '=', p.slug).executeTakeFirstOrThrow();
    const at = new Date(Date.now() - 3 * 60_000).toISOString();
    const checkoutId = 'c0ffee000000000000000001';
    const cartLines = await db.selectFrom('cart_items').select(['id', 'product_id', 'quantity']).where('user_id', '=', patient.id).execute();
    await db
      .insertInto('checkouts')
      .values({
        id: checkoutId,
        user_id: patient.id,
        idempotency_key: 'client:cut-off-by-a-crash',
        status: 'pending',
        message: '',
        amount_cents: 2000,
        currency: 'usd',
        payment_id: null,
        cart_key: cartFingerprint(cartLines),
        status_code: 0,
        order_details: '',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('checkout_items')
      .values({
        id: 'c0ffee000000000000000002',
        checkout_id: checkoutId,
        product_id: product.id,
        seller_id: product.owner_id,
        product_name: 'Interrupted Sale',
        quantity: 2,
        price_cents: 2000,
      })
      .execute();
    await db
      .updateTable('products')
      .set((eb) => ({ quantity: eb('quantity', '-', 2) }))
      .where('id', '=', product.id)
      .execute();
    expect(await stockOf(server.app, p.slug)).toBe(3);

    // The provider has no charge with that checkout's key: the sweeper releases it.
    expect(await sweepCheckouts(server.app, sandboxGateway(server.app.db))).toBe(1);
    expect(await stockOf(server.app, p.slug)).toBe(5);
    const cutOff = await db.selectFrom('checkouts').selectAll().where('id', '=', checkoutId).executeTakeFirstOrThrow();
    expect(cutOff.status).toBe('failed');
    // Its own retry is told it was not charged, now that the provider said so.
    const retry = await checkout(server.app, patient.token, {}, 'cut-off-by-a-crash');
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toMatch(/not been charged/);
    expect((await checkout(server.app, patient.token)).statusCode).toBe(200);
    expect(await stockOf(server.app, p.slug)).toBe(3);
  });
});
