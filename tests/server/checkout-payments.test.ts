import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type OpenedDatabase } from '../../server/db/index.js';
import { brandOf, cardOf, cardProblem, luhnValid, summarize } from '../../server/payments/card.js';
import { GatewayUnavailableError, type ChargeRequest, type PaymentGateway } from '../../server/payments/gateway.js';
import { gatewayFor } from '../../server/payments/index.js';
import { sandboxGateway } from '../../server/payments/sandbox.js';
import { paymentIntentBody, stripeGateway, type FetchLike } from '../../server/payments/stripe.js';

const now = new Date('2026-11-23T10:00:00Z');
/** The sandbox keeps its ledger on the provider's side: here a database of its own. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-sandbox-'));
let ledger: OpenedDatabase;
beforeAll(async () => {
  ledger = openDatabase({ dataDir });
  await migrateToLatest(ledger.db);
});
afterAll(async () => {
  await ledger?.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});
const card = { number: '4242424242424242', expMonth: 8, expYear: 2028, cvc: '123' };
const request = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  amountCents: 2150,
  currency: 'usd',
  card,
  idempotencyKey: 'chk_1',
  description: 'Order chk_1',
  ...overrides,
});

function fakeFetch(status: number, answer: unknown) {
  const calls: { url: string; init: Parameters<FetchLike>[1] }[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return { status, json: async () => answer };
  };
  return { calls, fetchImpl };
}

describe('card fields', () => {
  it('normalizes the number, 2- and 4-digit years and keeps only brand, last 4 and expiry', () => {
    const fields = { number: '4242 4242 4242 4242', exp_month: '08', exp_year: '28', cvc: '123' };
    expect(cardProblem(fields, now)).toBeUndefined();
    const parsed = cardOf(fields);
    expect(parsed).toEqual(card);
    const dashed = { number: '4242-4242-4242-4242', exp_month: '8', exp_year: '2028', cvc: '1234' };
    expect(cardProblem(dashed, now)).toBeUndefined();
    expect(cardOf(dashed).expYear).toBe(2028);
    expect(summarize(parsed)).toEqual({ brand: 'visa', last4: '4242', expMonth: 8, expYear: 2028 });
  });

  it('accepts the current month and refuses the month before', () => {
    expect(cardProblem({ number: '4242424242424242', exp_month: '11', exp_year: '26', cvc: '123' }, now)).toBeUndefined();
    expect(cardProblem({ number: '4242424242424242', exp_month: '10', exp_year: '26', cvc: '123' }, now)).toBe('Your card has expired');
    expect(cardProblem({ number: '4242424242424242', exp_month: '10', exp_year: '2047', cvc: '123' }, now)).toBe("Your card's expiry year is not valid");
  });

  it('checks Luhn and knows the common brands', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('378282246310005')).toBe('amex');
    expect(brandOf('6011111111111117')).toBe('discover');
  });
});

describe('sandbox gateway', () => {
  let gateway: PaymentGateway;
  beforeAll(() => {
    gateway = sandboxGateway(ledger.db, () => now);
  });
  it('approves 4242… with a reference that depends only on the key', async () => {
    const a = await gateway.charge(request());
    const b = await gateway.charge(request());
    expect(a.status).toBe('approved');
    expect(a).toEqual(b);
  });
  it('declines 4000 0000 0000 0002 with a message, and bad cards too', async () => {
    // Each attempt has a key of its own: like a provider, the sandbox answers a key again with its first answer.
    expect(await gateway.charge(request({ idempotencyKey: 'chk_declined', card: { ...card, number: '4000000000000002' } }))).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
    });
    expect((await gateway.charge(request({ idempotencyKey: 'chk_luhn', card: { ...card, number: '4242424242424241' } }))).status).toBe('declined');
    expect((await gateway.charge(request({ idempotencyKey: 'chk_expired', card: { ...card, expYear: 2025 } }))).status).toBe('declined');
    expect((await gateway.charge(request({ idempotencyKey: 'chk_cvc', card: { ...card, cvc: '1' } }))).status).toBe('declined');
  });
  it('answers a key again with its first answer, whatever the repeat carries', async () => {
    const first = await gateway.charge(request({ idempotencyKey: 'chk_repeat' }));
    expect(await gateway.charge(request({ idempotencyKey: 'chk_repeat', card: { ...card, number: '4000000000000002' } }))).toEqual(first);
  });
  it('is the default; Stripe is used only with a key', () => {
    expect(gatewayFor({ paymentProvider: 'sandbox' }, ledger.db).name).toBe('sandbox');
    expect(gatewayFor({ paymentProvider: 'stripe' }, ledger.db).name).toBe('sandbox');
    expect(gatewayFor({ paymentProvider: 'stripe', stripeSecretKey: 'sk_test_x' }, ledger.db).name).toBe('stripe');
  });
});

describe('Stripe adapter', () => {
  it('confirms one PaymentIntent with the key as Bearer token and the checkout id as Idempotency-Key', async () => {
    const { calls, fetchImpl } = fakeFetch(200, { id: 'pi_123', status: 'succeeded' });
    const result = await stripeGateway('sk_test_abc', fetchImpl).charge(request());
    expect(result).toEqual({ status: 'approved', reference: 'pi_123' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://api.stripe.com/v1/payment_intents');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.headers).toMatchObject({
      Authorization: 'Bearer sk_test_abc',
      'Idempotency-Key': 'chk_1',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    const body = new URLSearchParams(calls[0].init.body);
    expect(body.get('amount')).toBe('2150');
    expect(body.get('currency')).toBe('usd');
    expect(body.get('confirm')).toBe('true');
    expect(body.get('payment_method_data[type]')).toBe('card');
    expect(body.get('payment_method_data[card][number]')).toBe('4242424242424242');
    expect(body.get('payment_method_data[card][exp_month]')).toBe('8');
    expect(body.get('payment_method_data[card][exp_year]')).toBe('2028');
    expect(body.getAll('payment_method_types[]')).toEqual(['card']);
    expect(calls[0].init.body).toBe(paymentIntentBody(request()));
  });

  it("turns a card error into a decline with Stripe's message", async () => {
    const { fetchImpl } = fakeFetch(402, { error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    expect(await stripeGateway('sk', fetchImpl).charge(request())).toEqual({ status: 'declined', message: 'Your card has insufficient funds.' });
  });

  it('declines cards that need an extra confirmation step', async () => {
    const { fetchImpl } = fakeFetch(200, { id: 'pi_1', status: 'requires_action' });
    expect((await stripeGateway('sk', fetchImpl).charge(request())).status).toBe('declined');
  });

  it('reports the provider unavailable on network failures and non-card errors', async () => {
    const failing: FetchLike = async () => {
      throw new Error('ECONNREFUSED');
    };
    await expect(stripeGateway('sk', failing).charge(request())).rejects.toBeInstanceOf(GatewayUnavailableError);
    const { fetchImpl } = fakeFetch(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
    await expect(stripeGateway('sk', fetchImpl).charge(request())).rejects.toBeInstanceOf(GatewayUnavailableError);
  });
});

describe('Stripe adapter: lost answers and lookups', () => {
  it('says a timeout may have charged the card, and a refused request did not', async () => {
    const timedOut: FetchLike = async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    };
    await expect(stripeGateway('sk', timedOut).charge(request())).rejects.toMatchObject({ charged: 'unknown' });
    await expect(stripeGateway('sk', fakeFetch(500, {}).fetchImpl).charge(request())).rejects.toMatchObject({ charged: 'unknown' });
    await expect(stripeGateway('sk', fakeFetch(401, { error: { type: 'invalid_request_error' } }).fetchImpl).charge(request())).rejects.toMatchObject({
      charged: 'no',
    });
  });

  it('tags the intent with the checkout key and finds it again by that key', async () => {
    expect(paymentIntentBody(request())).toContain(`metadata%5Bcheckout_id%5D=${request().idempotencyKey}`);
    const { fetchImpl, calls } = fakeFetch(200, { data: [{ id: 'pi_9', status: 'succeeded' }] });
    expect(await stripeGateway('sk', fetchImpl).lookup('c0ffee')).toEqual({ status: 'approved', reference: 'pi_9' });
    expect(calls[0]?.url).toContain('/v1/payment_intents/search?query=');
    expect(decodeURIComponent(calls[0]?.url ?? '')).toContain("metadata['checkout_id']:'c0ffee'");
    expect(await stripeGateway('sk', fakeFetch(200, { data: [] }).fetchImpl).lookup('c0ffee')).toEqual({ status: 'not_found' });
    expect((await stripeGateway('sk', fakeFetch(200, { data: [{ id: 'pi_8', status: 'canceled' }] }).fetchImpl).lookup('c0ffee')).status).toBe('declined');
    await expect(stripeGateway('sk', fakeFetch(503, {}).fetchImpl).lookup('c0ffee')).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('the sandbox remembers its charges by key', async () => {
    const gateway = sandboxGateway(ledger.db);
    await gateway.charge(request({ idempotencyKey: 'remembered-key' }));
    expect((await gateway.lookup('remembered-key')).status).toBe('approved');
    expect(await gateway.lookup('never-charged-key')).toEqual({ status: 'not_found' });
  });
});
