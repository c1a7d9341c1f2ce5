import type { KyselyPlugin, QueryResult, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepRefunds } from '../../server/modules/orders/refund-sweeper.js';
import { GatewayUnavailableError, type PaymentGateway } from '../../server/payments/gateway.js';
import { gatewayFor } from '../../server/payments/index.js';
import { signUpAndLogin, startTestServer, withToken, type Account, type TestServer } from './helpers.js';
import { checkout, listProduct, setCart, stockOf } from './shop-helpers.js';

/** A refund already owed always completes, and a buyer's cancel is all or nothing. */

/**
 * Shows one read of an order line as 'pending' while the database holds it shipped: the read a
 * cancel makes just before the pharmacist's "shipped" commits, on PostgreSQL. (On SQLite the driver
 * runs one transaction at a time, so requests racing over HTTP never interleave there.) `skip` reads
 * of the line pass unchanged first (the order page's own read, before the cancel's transaction).
 */
const staleRead = {
  line: '',
  skip: 0,
  plugin: {
    transformQuery: (args) => args.node,
    async transformResult(args): Promise<QueryResult<UnknownRow>> {
      const rows = args.result.rows.map((row) => {
        if (!staleRead.line || row.id !== staleRead.line || row.delivery_status !== 'shipped') return row;
        if (staleRead.skip-- > 0) return row;
        staleRead.line = '';
        return { ...row, delivery_status: 'pending' };
      });
      return { ...args.result, rows };
    },
  } satisfies KyselyPlugin,
};

/** The first request of a file is slow on a busy machine (modules and the image pipeline load). */
const slow = 120_000;
let server: TestServer;
let sellerA: Account;
let sellerB: Account;
beforeAll(async () => {
  server = await startTestServer({ seed: true, adapt: (database) => void (database.db = database.db.withPlugin(staleRead.plugin)) });
  sellerA = await signUpAndLogin(server.app, 'pharmacist');
  sellerB = await signUpAndLogin(server.app, 'pharmacist');
  // Scheduler rounds (and so refund sweeps) run here only when a test asks for one.
  await server.app.scheduler.stop();
});
afterAll(() => server?.close());

const arabic = { 'accept-language': 'ar-EG,ar;q=0.9' };
const get = (url: string, token: string) => server.app.inject({ method: 'GET', url, headers: { authorization: token } });
const cancel = (number: string, token: string, headers: Record<string, string> = {}) => {
  const form = withToken(token);
  return server.app.inject({ method: 'POST', url: `/api/orders/${number}/cancel`, payload: form.payload, headers: { ...form.headers, ...headers } });
};
const move = (line: string, token: string, status: string) =>
  server.app.inject({ method: 'PATCH', url: `/api/orders/status?order=${line}`, ...withToken(token, { status }) });
const db = () => server.database.db;
const refundsOf = (paymentId: string) => db().selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).execute();
/** What the card provider (the sandbox's own ledger) holds for a refund's idempotency key. */
const atProvider = (refundId: string) => db().selectFrom('sandbox_ledger').selectAll().where('idempotency_key', '=', refundId).execute();

/** One buyer's paid order of 2 × A's product (10.50) and 1 × B's product (4.00). */
async function placeOrder(tag: string) {
  const a = await listProduct(server.app, sellerA.token, { name: `Refund A ${tag}`, price: '10.50', quantity: '5' });
  const b = await listProduct(server.app, sellerB.token, { name: `Refund B ${tag}`, price: '4', quantity: '3' });
  const buyer = await signUpAndLogin(server.app, 'patient');
  await setCart(server.app, buyer.token, a.slug, 2);
  await setCart(server.app, buyer.token, b.slug, 1);
  const paid = await checkout(server.app, buyer.token);
  expect(paid.statusCode, paid.body).toBe(200);
  const orders = paid.json().orders as { _id: string; medicine: { name: string } }[];
  return {
    a,
    b,
    buyer,
    number: paid.json().payment.orderNumber as string,
    paymentId: paid.json().payment._id as string,
    lineA: orders.find((o) => o.medicine.name.startsWith('Refund A'))!,
    lineB: orders.find((o) => o.medicine.name.startsWith('Refund B'))!,
  };
}

/**
 * The pharmacist cancels line B; the provider refunds it, and the instance dies before recording
 * that (the refund row stays pending, as the crash leaves it); then line A ships.
 */
async function refundLostThenShipped(tag: string) {
  const order = await placeOrder(tag);
  expect((await move(order.lineB._id, sellerB.token, 'cancelled')).statusCode).toBe(200);
  const [refund] = await refundsOf(order.paymentId);
  expect(refund?.status).toBe('refunded');
  const old = new Date(Date.now() - 10 * 60_000).toISOString();
  await db().updateTable('refunds').set({ status: 'pending', provider_ref: '', updated_at: old }).where('id', '=', refund!.id).execute();
  expect((await move(order.lineA._id, sellerA.token, 'shipped')).statusCode).toBe(200);
  return { ...order, refundId: refund!.id };
}

describe('a refund already owed always completes', () => {
  it(
    '"Send the refund again" succeeds after another line shipped, and the provider refunds once',
    async () => {
      const { buyer, number, refundId, lineA } = await refundLostThenShipped('again');
      expect((await get(`/api/orders/${number}`, buyer.token)).json().order.canRetryRefund).toBe(true);

      const res = await cancel(number, buyer.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('The refund of 4.00 USD is sent back to your visa card ending in 4242.');
      expect(res.json().refundPending).toBe(false);
      const order = res.json().order;
      expect(order.canRetryRefund).toBe(false);
      expect(order.refunds).toEqual([expect.objectContaining({ amount: 4, status: 'refunded' })]);
      expect(order.totals).toMatchObject({ cancelled: 4, refunded: 4 });
      expect(order.lines.map((l: { deliveryStatus: string }) => l.deliveryStatus).sort()).toEqual(['cancelled', 'shipped']);
      // The retry carried the refund's own key: the provider still holds one refund for it.
      expect(await atProvider(refundId)).toHaveLength(1);

      // Nothing is owed now: cancelling says which line already moved, in English and Arabic.
      const refused = await cancel(number, buyer.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(`${lineA.medicine.name} is already shipped, so this order can no longer be cancelled`);
      const inArabic = await cancel(number, buyer.token, arabic);
      expect(inArabic.json().message).toMatch(/تم الشحن/);
      expect(inArabic.json().message).toContain(lineA.medicine.name);
    },
    slow,
  );

  it(
    'the sweeper completes a pending refund exactly once, however many instances sweep',
    async () => {
      const { buyer, number, refundId, paymentId } = await refundLostThenShipped('sweeper');
      const provider = gatewayFor(server.app.config, server.app.db);
      let calls = 0;
      const counted: PaymentGateway = { ...provider, refund: (request) => (calls++, provider.refund(request)) };
      const [one, two] = await Promise.all([sweepRefunds(server.app, counted), sweepRefunds(server.app, counted)]);
      expect(one + two).toBe(1);
      expect(calls).toBe(1);
      const [refund] = await refundsOf(paymentId);
      expect(refund).toMatchObject({ status: 'refunded', provider_ref: expect.stringMatching(/^sandbox_re_/) });
      expect(await atProvider(refundId)).toHaveLength(1);
      expect((await get(`/api/orders/${number}`, buyer.token)).json().order.totals.refunded).toBe(4);
      // Done is done: the next pass finds nothing to send.
      expect(await sweepRefunds(server.app, counted, Date.now() + 60 * 60_000)).toBe(0);
    },
    slow,
  );

  it(
    'keeps a refund the provider cannot take for a later pass, and the scheduler’s round sends it',
    async () => {
      const { paymentId, refundId } = await refundLostThenShipped('scheduler');
      const away: PaymentGateway = { ...gatewayFor(server.app.config, server.app.db), refund: async () => Promise.reject(new GatewayUnavailableError('down')) };
      expect(await sweepRefunds(server.app, away)).toBe(0);
      expect((await refundsOf(paymentId))[0]?.status).toBe('pending');
      // Tried again only once the retry interval passed since that attempt.
      await db()
        .updateTable('refunds')
        .set({ updated_at: new Date(Date.now() - 10 * 60_000).toISOString() })
        .where('id', '=', refundId)
        .execute();
      await server.app.scheduler.runDue();
      expect((await refundsOf(paymentId))[0]?.status).toBe('refunded');
      expect(await atProvider(refundId)).toHaveLength(1);
    },
    slow,
  );
});

describe("a buyer's cancel is all or nothing", () => {
  it(
    'racing the pharmacist’s "shipped": either every line is cancelled and refunded, or nothing changed and a 409 names the line',
    async () => {
      const outcomes = { cancelled: 0, refused: 0 };
      for (let round = 0; round < 12; round += 1) {
        const { a, b, buyer, number, paymentId, lineA } = await placeOrder(`race ${round}`);
        const [cancelled, shipped] = await Promise.all([cancel(number, buyer.token), move(lineA._id, sellerA.token, 'shipped')]);
        const lines = await db()
          .selectFrom('orders')
          .select(['product_name', 'delivery_status'])
          .where('payment_id', '=', paymentId)
          .orderBy('product_name')
          .execute();
        const refunds = await refundsOf(paymentId);
        if (cancelled.statusCode === 200) {
          outcomes.cancelled += 1;
          expect(shipped.statusCode, shipped.body).toBe(409);
          expect(cancelled.json().message).toBe(`Your order ${number} is cancelled and the money is refunded to your visa card ending in 4242.`);
          expect(lines.map((l) => l.delivery_status)).toEqual(['cancelled', 'cancelled']);
          expect(refunds.map((r) => [Number(r.amount_cents), r.status])).toEqual([[2500, 'refunded']]);
          expect(await stockOf(server.app, a.slug)).toBe(5);
          expect(await stockOf(server.app, b.slug)).toBe(3);
        } else {
          outcomes.refused += 1;
          expect(cancelled.statusCode, cancelled.body).toBe(409);
          expect(cancelled.json().message).toBe(`${lineA.medicine.name} is already shipped, so this order can no longer be cancelled`);
          expect(shipped.statusCode, shipped.body).toBe(200);
          expect(lines.map((l) => l.delivery_status)).toEqual(['shipped', 'pending']);
          expect(refunds).toEqual([]);
          expect(await stockOf(server.app, a.slug)).toBe(3);
          expect(await stockOf(server.app, b.slug)).toBe(2);
        }
      }
      expect(outcomes.cancelled + outcomes.refused).toBe(12);
    },
    slow,
  );

  it(
    'a line shipped after the cancel read it undoes the whole cancel: nothing changes and the 409 names it',
    async () => {
      const { a, b, buyer, number, paymentId, lineA } = await placeOrder('stale read');
      expect((await move(lineA._id, sellerA.token, 'shipped')).statusCode).toBe(200);
      // The cancel finds the order (one read), then reads its lines in its transaction (stale) and moves them.
      Object.assign(staleRead, { line: lineA._id, skip: 1 });
      const res = await cancel(number, buyer.token);
      expect(staleRead.line).toBe('');
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(`${lineA.medicine.name} is already shipped, so this order can no longer be cancelled`);
      const lines = await db().selectFrom('orders').select('delivery_status').where('payment_id', '=', paymentId).orderBy('product_name').execute();
      expect(lines.map((l) => l.delivery_status)).toEqual(['shipped', 'pending']);
      expect(await refundsOf(paymentId)).toEqual([]);
      expect(await stockOf(server.app, b.slug)).toBe(2);
      expect(await stockOf(server.app, a.slug)).toBe(3);
    },
    slow,
  );
});
