import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../server/payments/gateway.js';
import { GatewayUnavailableError } from '../../server/payments/gateway.js';
import { sandboxGateway } from '../../server/payments/sandbox.js';
import { ordersService } from '../../server/modules/orders/service.js';
import { signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';
import { checkout, listProduct, setCart, stockOf } from './shop-helpers.js';

let server: TestServer;
let sellerA: Awaited<ReturnType<typeof signUpAndLogin>>;
let sellerB: Awaited<ReturnType<typeof signUpAndLogin>>;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  sellerA = await signUpAndLogin(server.app, 'pharmacist');
  sellerB = await signUpAndLogin(server.app, 'pharmacist');
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string, token = 'null') => server.app.inject({ method: 'GET', url, headers: { authorization: token } });
const post = (url: string, token: string) => server.app.inject({ method: 'POST', url, ...withToken(token) });

/** A buyer who paid for 2 × A's product (10.50) and 1 × B's product (4.00): order total 25.00. */
async function placeOrder(tag: string) {
  const a = await listProduct(server.app, sellerA.token, { name: `Order A ${tag}`, price: '10.50', quantity: '5' });
  const b = await listProduct(server.app, sellerB.token, { name: `Order B ${tag}`, price: '4', quantity: '3' });
  const buyer = await signUpAndLogin(server.app, 'patient');
  await setCart(server.app, buyer.token, a.slug, 2);
  await setCart(server.app, buyer.token, b.slug, 1);
  const paid = await checkout(server.app, buyer.token);
  expect(paid.statusCode, paid.body).toBe(200);
  const number = paid.json().payment.orderNumber as string;
  return { a, b, buyer, number, orders: paid.json().orders as { _id: string; number: string; medicine: { name: string } }[] };
}

describe('order page', () => {
  it('gives each checkout one order number, on the payment and every line, and in the orders list', async () => {
    const { buyer, number, orders } = await placeOrder('number');
    expect(number).toMatch(/^CP[A-Z2-9]{8}$/);
    expect(orders.every((o) => o.number === number)).toBe(true);
    const list = (await get('/api/orders/user', buyer.token)).json().orders as { number: string }[];
    expect(list.map((o) => o.number)).toEqual([number, number]);
  });

  it('shows the buyer the lines, totals, delivery address, card summary and timeline', async () => {
    const { buyer, number } = await placeOrder('page');
    const res = await get(`/api/orders/${number.toLowerCase()}`, buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order;
    expect(order.number).toBe(number);
    expect(order.status).toBe('pending');
    expect(order.lines).toHaveLength(2);
    expect(order.lines.map((l: { quantity: number; unitPrice: number; total: number }) => [l.quantity, l.unitPrice, l.total]).sort()).toEqual([
      [1, 4, 4],
      [2, 10.5, 21],
    ]);
    expect(order.totals).toEqual({ items: 3, subtotal: 25, cancelled: 0, total: 25, refunded: 0 });
    expect(order.delivery).toEqual({ location: '12 Nile St, Zamalek', country: 'Egypt', government: 'Cairo' });
    expect(order.payment).toMatchObject({ brand: 'visa', last4: '4242', amount: 25 });
    expect(order.timeline[0].status).toBe('placed');
    expect(order.canCancel).toBe(true);
  });

  it('lets only the buyer see the order, and each selling pharmacist only her own lines without the card', async () => {
    const { number } = await placeOrder('access');
    const stranger = await signUpAndLogin(server.app, 'patient');
    const otherPharmacist = await signUpAndLogin(server.app, 'pharmacist');
    const doctor = await signUpAndLogin(server.app, 'doctor');
    expect((await get(`/api/orders/${number}`)).statusCode).toBe(401);
    for (const who of [stranger, otherPharmacist, doctor]) {
      const res = await get(`/api/orders/${number}`, who.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This order does not exist');
    }
    const seller = await get(`/api/orders/${number}`, sellerA.token);
    expect(seller.statusCode).toBe(200);
    expect(seller.json().order.lines).toHaveLength(1);
    expect(seller.json().order.lines[0].medicine.name).toMatch(/^Order A/);
    expect(seller.json().order.payment).toBeNull();
    expect(seller.json().order.canCancel).toBe(false);
    expect((await get('/api/orders/not-a-number', stranger.token)).statusCode).toBe(404);
    expect((await post(`/api/orders/${number}/cancel`, stranger.token)).statusCode).toBe(404);
    expect((await post(`/api/orders/${number}/cancel`, sellerA.token)).statusCode).toBe(404);
    expect((await post(`/api/orders/${number}/reorder`, stranger.token)).statusCode).toBe(404);
  });
});

describe('cancelling an order', () => {
  it('cancels a pending order: stock returns, the card is refunded once, the timeline says so', async () => {
    const { a, b, buyer, number } = await placeOrder('cancel');
    expect(await stockOf(server.app, a.slug)).toBe(3);
    const res = await post(`/api/orders/${number}/cancel`, buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Your order ${number} is cancelled and the money is refunded to your visa card ending in 4242.`);
    expect(res.json().refundPending).toBe(false);
    const order = res.json().order;
    expect(order.status).toBe('cancelled');
    expect(order.totals).toMatchObject({ cancelled: 25, total: 0, refunded: 25 });
    expect(order.refunds).toEqual([expect.objectContaining({ amount: 25, status: 'refunded' })]);
    expect(order.timeline.map((t: { status: string }) => t.status)).toEqual(['placed', 'cancelled', 'cancelled', 'refunded']);
    expect(order.canCancel).toBe(false);
    expect(await stockOf(server.app, a.slug)).toBe(5);
    expect(await stockOf(server.app, b.slug)).toBe(3);
    // A second press changes nothing and says why.
    const again = await post(`/api/orders/${number}/cancel`, buyer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already cancelled');
    expect(await stockOf(server.app, a.slug)).toBe(5);
    expect((await get(`/api/orders/${number}`, buyer.token)).json().order.refunds).toHaveLength(1);
  });

  it('refuses to cancel once a line has shipped; the shipping shows in the timeline', async () => {
    const { buyer, number, orders } = await placeOrder('shipped');
    const line = orders.find((o) => o.medicine.name.startsWith('Order A'))!;
    const moved = await server.app.inject({ method: 'PATCH', url: `/api/orders/status?order=${line._id}`, ...withToken(sellerA.token, { status: 'shipped' }) });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await post(`/api/orders/${number}/cancel`, buyer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${line.medicine.name} is already shipped, so this order can no longer be cancelled`);
    const order = (await get(`/api/orders/${number}`, buyer.token)).json().order;
    expect(order.status).toBe('shipped');
    expect(order.canCancel).toBe(false);
    expect(order.timeline.map((t: { status: string; item: string }) => `${t.status} ${t.item}`)).toEqual(['placed ', `shipped ${line.medicine.name}`]);
  });

  it('refunds the line a pharmacist cancels', async () => {
    const { buyer, number, orders } = await placeOrder('pharmacist-cancel');
    const line = orders.find((o) => o.medicine.name.startsWith('Order B'))!;
    const moved = await server.app.inject({
      method: 'PATCH',
      url: `/api/orders/status?order=${line._id}`,
      ...withToken(sellerB.token, { status: 'cancelled' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const order = (await get(`/api/orders/${number}`, buyer.token)).json().order;
    expect(order.status).toBe('pending');
    expect(order.totals).toMatchObject({ cancelled: 4, total: 21, refunded: 4 });
  });

  it('keeps the cancellation when the refund call fails and sends the same refund when asked again', async () => {
    const { buyer, number } = await placeOrder('refund-retry');
    const keys: string[] = [];
    const sandbox = sandboxGateway(server.app.db);
    const down: PaymentGateway = {
      name: 'sandbox',
      charge: (r) => sandbox.charge(r),
      lookup: (key) => sandbox.lookup(key),
      refund: async (r) => {
        keys.push(r.idempotencyKey);
        throw new GatewayUnavailableError('timeout');
      },
    };
    const up: PaymentGateway = { ...down, refund: async (r) => (keys.push(r.idempotencyKey), sandbox.refund(r)) };
    const viewer = { id: buyer.id, role: 'patient' as const, name: 'Buyer', status: 'approved' as const, jti: 'x', token: buyer.token };
    const first = await ordersService(server.app, down).cancel(viewer, number);
    expect(first.refundPending).toBe(true);
    expect(first.message).toMatch(/is cancelled, but the refund of 25\.00 USD could not be sent to your visa card ending in 4242 yet/);
    expect(first.order.canRetryRefund).toBe(true);
    expect(first.order.totals.refunded).toBe(0);
    const second = await ordersService(server.app, up).cancel(viewer, number);
    expect(second.refundPending).toBe(false);
    expect(second.order.totals.refunded).toBe(25);
    expect(second.order.canRetryRefund).toBe(false);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    await expect(ordersService(server.app, up).cancel(viewer, number)).rejects.toThrow('This order is already cancelled');
    expect(keys).toHaveLength(2);
  });
});

describe('reordering', () => {
  it('puts the lines back in the cart as far as stock allows and names the ones that cannot be bought', async () => {
    const { a, b, buyer, number } = await placeOrder('reorder');
    const lowered = await server.app.inject({ method: 'PATCH', url: `/api/medicine/?product=${a.slug}`, ...withToken(sellerA.token, { quantity: '1' }) });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const removed = await server.app.inject({ method: 'DELETE', url: `/api/medicine/?product=${b.slug}`, headers: { authorization: sellerB.token } });
    expect(removed.statusCode).toBe(200);
    const res = await post(`/api/orders/${number}/reorder`, buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('One product is back in your cart.');
    expect(res.json().added).toEqual([{ name: 'Order A reorder', quantity: 1 }]);
    expect(res.json().unavailable).toEqual(
      expect.arrayContaining([
        { name: 'Order B reorder', reason: 'is no longer sold' },
        { name: 'Order A reorder', reason: 'has only 1 left, so 1 went in your cart' },
      ]),
    );
    const cart = (await get('/api/cart', buyer.token)).json().cart;
    expect(cart[0].products).toHaveLength(1);
    expect(cart[0].products[0].quantity).toBe(1);
  });
});
