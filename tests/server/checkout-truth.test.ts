import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutService } from '../../server/modules/checkout/service.js';
import { sweepCheckouts } from '../../server/modules/checkout/sweeper.js';
import { GatewayUnavailableError, type LookupResult, type PaymentGateway } from '../../server/payments/gateway.js';
import { sandboxGateway } from '../../server/payments/sandbox.js';
import { signUpAndLogin, withToken, type TestServer } from './helpers.js';
import { cardForm, checkout, listProduct, setCart, stockOf, startShop } from './shop-helpers.js';

/** Every message about a payment is true: no replayed success, no "not charged" unless known, no silent price change. */
let server: TestServer;
let pharmacist: { token: string };
beforeAll(async () => ({ server, pharmacist } = await startShop()));
afterAll(() => server?.close());

const get = (url: string, token: string) => server.app.inject({ method: 'GET', url, headers: { authorization: token } });
const viewerOf = (user: { id: string; token: string }) => ({
  id: user.id,
  role: 'patient' as const,
  name: 'Buyer',
  status: 'approved' as const,
  jti: 'x',
  token: user.token,
});
const paymentsOf = async (userId: string) => server.database.db.selectFrom('payments').select('id').where('user_id', '=', userId).execute();
const checkoutsOf = async (userId: string) => server.database.db.selectFrom('checkouts').selectAll().where('user_id', '=', userId).execute();

describe('a new idempotency key never replays another checkout', () => {
  it('answers a new key with an empty cart with the empty-cart refusal, not the previous payment', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Replay Guard', quantity: '5' });
    await setCart(server.app, buyer.token, p.slug, 1);
    const first = await checkout(server.app, buyer.token, {}, 'first-key-0001');
    expect(first.statusCode).toBe(200);
    const second = await checkout(server.app, buyer.token, {}, 'second-key-0002');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ message: 'Your cart is empty' });
    // The same key still gets its own answer.
    expect((await checkout(server.app, buyer.token, {}, 'first-key-0001')).json().payment._id).toBe(first.json().payment._id);
  });

  it('answers a new key with a cart that was just paid and refilled with a new purchase', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Bought Twice', quantity: '5' });
    await setCart(server.app, buyer.token, p.slug, 1);
    const first = await checkout(server.app, buyer.token, {}, 'twice-key-0001');
    await setCart(server.app, buyer.token, p.slug, 1);
    const second = await checkout(server.app, buyer.token, {}, 'twice-key-0002');
    expect(second.statusCode).toBe(200);
    expect(second.json().payment._id).not.toBe(first.json().payment._id);
    expect(await stockOf(server.app, p.slug)).toBe(3);
  });
});

describe('a reused idempotency key with a different request', () => {
  it('answers 422 and charges nothing when the cart changed since the key was used, and keeps the cart', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const first = await listProduct(server.app, pharmacist.token, { name: 'Key Reuse First', price: '10', quantity: '5' });
    const other = await listProduct(server.app, pharmacist.token, { name: 'Key Reuse Other', price: '30', quantity: '5' });
    await setCart(server.app, buyer.token, first.slug, 1);
    const paid = await checkout(server.app, buyer.token, { expectedTotal: '10' }, 'reused-key-0001');
    expect(paid.statusCode).toBe(200);
    await setCart(server.app, buyer.token, other.slug, 2);
    const reused = await checkout(server.app, buyer.token, { expectedTotal: '60' }, 'reused-key-0001');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(
      'This payment key was already used for a different order, and you have not been charged for this one. Please try again.',
    );
    expect(await paymentsOf(buyer.id)).toHaveLength(1);
    expect((await get('/api/cart', buyer.token)).json().cart[0].products).toHaveLength(1);
    expect(await stockOf(server.app, other.slug)).toBe(5);
    // The same request again still gets its own answer.
    const again = await checkout(server.app, buyer.token, { expectedTotal: '10' }, 'reused-key-0001');
    expect(again.statusCode).toBe(422);
  });

  it('answers 422 for the same cart sent to another address or with another expected total, and replays the same request', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Key Reuse Declined', price: '10', quantity: '5' });
    await setCart(server.app, buyer.token, p.slug, 1);
    const declined = await checkout(server.app, buyer.token, { number: '4000 0000 0000 0002', expectedTotal: '10' }, 'reused-key-0002');
    expect(declined.statusCode).toBe(402);
    expect((await checkout(server.app, buyer.token, { expectedTotal: '10', location: '3 Other St' }, 'reused-key-0002')).statusCode).toBe(422);
    expect((await checkout(server.app, buyer.token, { expectedTotal: '11' }, 'reused-key-0002')).statusCode).toBe(422);
    const replayed = await checkout(server.app, buyer.token, { number: '4000 0000 0000 0002', expectedTotal: '10' }, 'reused-key-0002');
    expect(replayed.statusCode).toBe(402);
    expect(await paymentsOf(buyer.id)).toHaveLength(0);
  });
});

describe('only approved pharmacists sell', () => {
  it('drops a suspended pharmacist’s product from a cart it was already in, and checkout neither charges nor orders it', async () => {
    const seller = await signUpAndLogin(server.app, 'pharmacist');
    const buyer = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, seller.token, { name: 'Seller Suspended', price: '10', quantity: '5' });
    await setCart(server.app, buyer.token, p.slug, 1);
    expect((await get('/api/cart', buyer.token)).json().cart).toHaveLength(1);
    await server.database.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', seller.id).execute();
    expect((await get('/api/cart', buyer.token)).json().cart).toHaveLength(0);
    const refused = await checkout(server.app, buyer.token, { expectedTotal: '10' }, 'suspended-seller-0001');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().total).toBe(0);
    expect(await paymentsOf(buyer.id)).toHaveLength(0);
    // The product is hidden with its seller, so its stock is read from the database.
    const stock = await server.database.db.selectFrom('products').select('quantity').where('slug', '=', p.slug).executeTakeFirstOrThrow();
    expect(Number(stock.quantity)).toBe(5);
  });
});

describe('price truth', () => {
  it('refuses with 409 and the new total when a price was raised after the buyer saw the cart, and charges nothing', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Price Jump', price: '10', quantity: '5' });
    await setCart(server.app, buyer.token, p.slug, 2);
    expect((await get('/api/cart', buyer.token)).json().cart[0].total).toBe(20);
    const raised = await server.app.inject({ method: 'PATCH', url: `/api/medicine?product=${p.slug}`, ...withToken(pharmacist.token, { price: '99999' }) });
    expect(raised.statusCode).toBe(200);

    const res = await checkout(server.app, buyer.token, { expectedTotal: '20' }, 'price-key-0001');
    expect(res.statusCode).toBe(409);
    expect(res.json().total).toBe(199998);
    expect(res.json().message).toMatch(/\$199998\.00/);
    expect(await paymentsOf(buyer.id)).toHaveLength(0);
    expect(await stockOf(server.app, p.slug)).toBe(5);

    // Confirmed: the buyer sends the new total and pays it.
    const confirmed = await checkout(server.app, buyer.token, { expectedTotal: '199998' }, 'price-key-0002');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().payment.amount).toBe(199998);
  });

  it('without an expected total (the original client), refuses with 409 and the new total when a price rose since the line was put in the cart', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Silent Raise', price: '10', quantity: '5' });
    const cheaper = await listProduct(server.app, pharmacist.token, { name: 'Silent Cut', price: '4', quantity: '5' });
    await setCart(server.app, buyer.token, p.slug, 2);
    await setCart(server.app, buyer.token, cheaper.slug, 1);
    await server.app.inject({ method: 'PATCH', url: `/api/medicine?product=${p.slug}`, ...withToken(pharmacist.token, { price: '15' }) });
    await server.app.inject({ method: 'PATCH', url: `/api/medicine?product=${cheaper.slug}`, ...withToken(pharmacist.token, { price: '3' }) });
    const res = await checkout(server.app, buyer.token, {}, 'silent-raise-0001');
    expect(res.statusCode).toBe(409);
    expect(res.json().total).toBe(33);
    expect(res.json().message).toMatch(/Silent Raise/);
    expect(res.json().message).toMatch(/\$33\.00/);
    expect(await paymentsOf(buyer.id)).toHaveLength(0);
    expect(await stockOf(server.app, p.slug)).toBe(5);
    // She has now been told the new total: sending the checkout again pays it.
    const again = await checkout(server.app, buyer.token, {}, 'silent-raise-0002');
    expect(again.statusCode).toBe(200);
    expect(again.json().payment.amount).toBe(33);
  });

  it('without an expected total, charges a price that fell since without asking', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Only Cheaper', price: '10', quantity: '5' });
    await setCart(server.app, buyer.token, p.slug, 1);
    await server.app.inject({ method: 'PATCH', url: `/api/medicine?product=${p.slug}`, ...withToken(pharmacist.token, { price: '8' }) });
    const res = await checkout(server.app, buyer.token, {}, 'only-cheaper-0001');
    expect(res.statusCode).toBe(200);
    expect(res.json().payment.amount).toBe(8);
  });

  it('refuses with 409 when a product in the cart was deleted since', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const kept = await listProduct(server.app, pharmacist.token, { name: 'Kept One', price: '5', quantity: '5' });
    const gone = await listProduct(server.app, pharmacist.token, { name: 'Gone One', price: '7', quantity: '5' });
    await setCart(server.app, buyer.token, kept.slug, 1);
    await setCart(server.app, buyer.token, gone.slug, 1);
    await server.app.inject({ method: 'DELETE', url: `/api/medicine?product=${gone.slug}`, ...withToken(pharmacist.token, {}) });
    const res = await checkout(server.app, buyer.token, { expectedTotal: '12' });
    expect(res.statusCode).toBe(409);
    expect(res.json().total).toBe(5);
  });

  it('refuses with 409 and the total when a product ran out since', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const other = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Sold Out Since', price: '3', quantity: '2' });
    await setCart(server.app, buyer.token, p.slug, 2);
    await setCart(server.app, other.token, p.slug, 1);
    expect((await checkout(server.app, other.token)).statusCode).toBe(200);
    const res = await checkout(server.app, buyer.token, { expectedTotal: '6' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ total: 6, message: expect.stringMatching(/^Out of stock quantity/) });
  });

  it('refuses a total that is not a number', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    await setCart(server.app, buyer.token, (await listProduct(server.app, pharmacist.token, { name: 'Odd Total' })).slug, 1);
    const res = await checkout(server.app, buyer.token, { expectedTotal: 'lots' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expectedTotal/);
  });
});

/** A gateway that charges like the sandbox but whose answer can be lost, and that can be asked afterwards. */
function flakyGateway(mode: { lose: boolean }) {
  const sandbox = sandboxGateway(server.app.db);
  const lookups: string[] = [];
  const gateway: PaymentGateway = {
    name: 'sandbox',
    async charge(request) {
      const result = await sandbox.charge(request);
      if (mode.lose) throw new GatewayUnavailableError('timed out', 'unknown');
      return result;
    },
    refund: (request) => sandbox.refund(request),
    async lookup(key): Promise<LookupResult> {
      lookups.push(key);
      return sandbox.lookup(key);
    },
  };
  return { gateway, lookups };
}

describe('a payment whose outcome is not known is "being confirmed", and the sweeper settles it', () => {
  it('answers a lost provider answer (a timeout) with 202 "being confirmed", never "not charged", and records the orders once the provider confirms', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Timed Out', price: '4', quantity: '5' });
    await setCart(server.app, buyer.token, p.slug, 2);
    const { gateway, lookups } = flakyGateway({ lose: true });
    const answer = await checkoutService(server.app, gateway).checkout(viewerOf(buyer), cardForm(), 'lost-answer-0001');
    expect(answer.confirming).toBe(true);
    expect(answer.message).toMatch(/being confirmed/);
    expect(answer.message).not.toMatch(/not (been )?charged/);
    expect(await stockOf(server.app, p.slug)).toBe(3);
    expect((await checkoutsOf(buyer.id))[0]?.status).toBe('confirming');

    // Over HTTP the same key says the same, with 202; another attempt of this cart does not pay again.
    const again = await checkout(server.app, buyer.token, {}, 'lost-answer-0001');
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toMatch(/being confirmed/);
    const other = await checkout(server.app, buyer.token, {}, 'lost-answer-0002');
    expect(other.statusCode).toBe(202);
    expect(await paymentsOf(buyer.id)).toHaveLength(0);

    // The sweeper asks the provider by the checkout's key (once the recheck interval passed) and records the payment.
    expect(await sweepCheckouts(server.app, gateway, Date.now() + 60_000)).toBe(1);
    expect(lookups).toHaveLength(1);
    expect(await paymentsOf(buyer.id)).toHaveLength(1);
    const orders = (await get('/api/orders/user', buyer.token)).json().orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ quantity: 2, price: 8, location: '12 Nile St, Zamalek' });
    expect((await get('/api/cart', buyer.token)).json().cart).toEqual([]);
    expect(await stockOf(server.app, p.slug)).toBe(3);
    const settled = await checkout(server.app, buyer.token, {}, 'lost-answer-0001');
    expect(settled.statusCode).toBe(200);
    expect(settled.json().message).toBe('Payed Successfully');
  });

  it('keeps a charged-but-unrecorded checkout (the process died after the approval) for the sweeper, not the next checkout', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Died After Approval', price: '6', quantity: '5' });
    await setCart(server.app, buyer.token, p.slug, 1);
    const { gateway } = flakyGateway({ lose: true });
    await checkoutService(server.app, gateway).checkout(viewerOf(buyer), cardForm(), 'died-after-0001');
    // As a process killed between the approval and the write leaves it: still pending, three minutes on.
    const db = server.database.db;
    const old = new Date(Date.now() - 3 * 60_000).toISOString();
    await db
      .updateTable('checkouts')
      .set({ status: 'pending', status_code: 0, message: '', created_at: old, updated_at: old })
      .where('user_id', '=', buyer.id)
      .execute();

    // The buyer's next checkout neither releases it nor says "not charged".
    const next = await checkout(server.app, buyer.token, {}, 'died-after-0002');
    expect(next.statusCode).toBe(202);
    expect(next.json().message).not.toMatch(/not (been )?charged/);
    expect((await checkoutsOf(buyer.id)).map((c) => c.status)).not.toContain('failed');

    // Two instances sweeping at once: one claims it, and it is paid exactly once.
    const [a, b] = await Promise.all([sweepCheckouts(server.app, gateway), sweepCheckouts(server.app, gateway)]);
    expect(a + b).toBe(1);
    expect(await paymentsOf(buyer.id)).toHaveLength(1);
    expect((await checkoutsOf(buyer.id)).map((c) => c.status)).toEqual(['paid']);
  });

  it('leaves a checkout for the next pass while the provider cannot be asked', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const p = await listProduct(server.app, pharmacist.token, { name: 'Provider Away', price: '6', quantity: '5' });
    await setCart(server.app, buyer.token, p.slug, 1);
    const { gateway } = flakyGateway({ lose: true });
    await checkoutService(server.app, gateway).checkout(viewerOf(buyer), cardForm(), 'away-0001');
    const away: PaymentGateway = { ...gateway, lookup: async () => Promise.reject(new GatewayUnavailableError('down')) };
    expect(await sweepCheckouts(server.app, away, Date.now() + 60_000)).toBe(0);
    expect((await checkoutsOf(buyer.id))[0]?.status).toBe('confirming');
    expect(await stockOf(server.app, p.slug)).toBe(4);
  });
});
