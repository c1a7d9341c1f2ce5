import { createHash } from 'node:crypto';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError, badRequest, conflict } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { gatewayFor, type PaymentGateway } from '../../payments/index.js';
import { GatewayUnavailableError, chargeTimeoutMs } from '../../payments/gateway.js';
import { parseCard, summarize, type Card } from '../../payments/card.js';
import type { Viewer } from '../../plugins/auth.js';
import { cleanField, type Form } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { cartRepository, type CartLine } from '../cart/repository.js';
import { toOrderDto, toPaymentDto } from './dto.js';
import { checkoutRepository } from './repository.js';
import { newOrderNumber } from '../orders/number.js';
import type { CheckoutsTable } from '../../db/schema.js';

export const paidMessage = 'Payed Successfully';
const unavailableMessage = 'The payment service is not available right now and you have not been charged. Please try again later.';
const interruptedMessage = 'This payment was interrupted before it finished and you have not been charged. Please try again.';
/**
 * A live process settles a checkout within one charge call and two short transactions, so one still
 * pending well after that was cut off (a crash or restart): it gives its stock back.
 */
const staleAfterMs = chargeTimeoutMs + 90_000;
const waitStepMs = 100;
/** A submission this soon after a checkout of the same cart is taken as a duplicate of it. */
const twinWindowMs = 30_000;
const waitLimitMs = 20_000;

class OutOfStockError extends Error {}
/** The cart changed between reading it and reserving it: another checkout of it has just finished. */
class CartChangedError extends Error {}

interface Shipping {
  currency: string;
  location: string;
  country: string;
  government: string;
}

function readShipping(form: Form): Shipping {
  const currency = (cleanField(form.fields.currency) || 'usd').toLowerCase();
  if (currency !== 'usd') throw badRequest('Payments are accepted in usd only');
  const location = cleanField(form.fields.location).replace(/\s+/g, ' ');
  if (!location) throw badRequest('Please enter the delivery address');
  if (location.length > 500) throw badRequest('The delivery address can be at most 500 characters long');
  const country = cleanField(form.fields.country).slice(0, 100);
  const government = cleanField(form.fields.government).slice(0, 100);
  return { currency, location, country, government };
}

function readClientKey(header: string | string[] | undefined, form: Form): string {
  const raw = (Array.isArray(header) ? header[0] : header) ?? cleanField(form.fields.idempotencyKey ?? form.fields.idempotency_key);
  const key = (raw ?? '').trim();
  if (!key) return '';
  if (!/^[A-Za-z0-9_.:-]{8,200}$/.test(key)) throw badRequest('The idempotency key must be 8 to 200 letters, digits or - _ . :');
  return `client:${key}`;
}

/** The cart as a natural key: the same lines with the same quantities give the same fingerprint. */
const cartFingerprint = (lines: CartLine[]) =>
  createHash('sha256')
    .update(lines.map((l) => `${l.id}:${l.product_id}:${l.quantity}`).sort().join('|'))
    .digest('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Card checkout of the caller's cart, all or nothing:
 * 1. one transaction records a pending checkout and reserves the stock with conditional updates;
 * 2. the card is charged with no transaction open;
 * 3. a second transaction turns the reservation into a payment and orders and empties the cart,
 *    or gives the stock back when the card is declined or the provider is unreachable.
 * The same client key, or the same cart submitted while a checkout is in flight, gets the first
 * checkout's answer and is never charged again.
 */
export function checkoutService(app: App, gateway: PaymentGateway = gatewayFor(app.config)) {
  const repo = checkoutRepository(app.db);
  const carts = cartRepository(app.db);

  async function paidAnswer(checkout: CheckoutsTable) {
    const payment = checkout.payment_id ? await repo.payment(checkout.payment_id) : undefined;
    const ids = new Set((payment ? await repo.ordersOfPayment(payment.id) : []).map((o) => o.id));
    const orders = (await repo.ordersOfUser(checkout.user_id)).filter((o) => ids.has(o.id));
    return { message: checkout.message || paidMessage, payment: payment ? toPaymentDto(payment) : null, orders: orders.map((o) => toOrderDto(o, app.images)) };
  }

  /** The answer a settled checkout gave, given again; waits while it is still pending. */
  async function answerOf(checkoutId: string) {
    for (let waited = 0; ; waited += waitStepMs) {
      const checkout = await repo.byId(checkoutId);
      if (!checkout) throw conflict('This payment could not be found; please try again');
      if (checkout.status === 'paid') return paidAnswer(checkout);
      if (checkout.status !== 'pending') throw new HttpError(checkout.status_code || 402, checkout.message);
      if (waited >= waitLimitMs) throw conflict('Your payment is still being processed; please check your orders in a moment');
      await sleep(waitStepMs);
    }
  }

  async function release(checkoutId: string, status: 'declined' | 'failed', statusCode: number, message: string) {
    await app.db.transaction().execute(async (trx) => {
      const settled = await repo.settle(trx, checkoutId, { status, status_code: statusCode, message, updated_at: nowIso() });
      if (!settled) return;
      for (const item of await repo.items(trx, checkoutId)) await repo.releaseStock(trx, item.product_id, Number(item.quantity));
    });
  }

  async function releaseStale(userId: string) {
    const before = new Date(Date.now() - staleAfterMs).toISOString();
    for (const stale of await repo.stalePending(userId, before)) {
      app.log.warn({ checkout: stale.id }, 'releasing an interrupted checkout');
      await release(stale.id, 'failed', 409, interruptedMessage);
    }
  }

  /** Step 1: a pending checkout and its stock, in one transaction. */
  async function reserve(viewer: Viewer, key: string, cartKey: string, lines: CartLine[], currency: string) {
    const id = newId();
    const now = nowIso();
    const amount = lines.reduce((sum, l) => sum + Number(l.price_cents) * Number(l.quantity), 0);
    // A fixed order of rows keeps two checkouts from locking the same products in opposite orders.
    const ordered = [...lines].sort((a, b) => a.product_id.localeCompare(b.product_id));
    await app.db.transaction().execute(async (trx) => {
      await repo.insertCheckout(trx, {
        id, user_id: viewer.id, idempotency_key: key || `auto:${id}`, status: 'pending', message: '', amount_cents: amount,
        currency, payment_id: null, cart_key: cartKey, status_code: 0, created_at: now, updated_at: now,
      });
      // Read again now that this is the user's only pending checkout: a twin that finished meanwhile has emptied it.
      const current = (await carts.lines(viewer.id, trx)).filter((l) => Number(l.deleted) === 0);
      if (cartFingerprint(current) !== cartKey) throw new CartChangedError();
      for (const line of ordered) {
        if (!(await repo.reserveStock(trx, line.product_id, Number(line.quantity)))) throw new OutOfStockError(line.name);
      }
      await repo.insertItems(
        trx,
        ordered.map((l) => ({
          id: newId(), checkout_id: id, product_id: l.product_id, seller_id: l.owner_id, product_name: l.name,
          quantity: Number(l.quantity), price_cents: Number(l.price_cents) * Number(l.quantity),
        })),
      );
    });
    return { id, amount };
  }

  /** Step 3 on approval: payment, one order per line, the cart emptied, the checkout settled. */
  async function commit(viewer: Viewer, checkoutId: string, card: Card, shipping: Shipping, amount: number, reference: string) {
    const summary = summarize(card);
    const now = nowIso();
    const paymentId = newId();
    await app.db.transaction().execute(async (trx) => {
      const settled = await repo.settle(trx, checkoutId, { status: 'paid', status_code: 200, message: paidMessage, payment_id: paymentId, updated_at: now });
      if (!settled) throw conflict('This payment was already settled');
      await repo.insertPayment(trx, {
        id: paymentId, user_id: viewer.id, checkout_id: checkoutId, brand: summary.brand, last4: summary.last4,
        exp_month: summary.expMonth, exp_year: summary.expYear, amount_cents: amount, currency: shipping.currency,
        provider: gateway.name, provider_ref: reference, order_number: newOrderNumber(), created_at: now,
      });
      const items = await repo.items(trx, checkoutId);
      await repo.insertOrders(
        trx,
        items.map((item) => ({
          id: newId(), user_id: viewer.id, payment_id: paymentId, product_id: item.product_id, seller_id: item.seller_id,
          product_name: item.product_name, quantity: Number(item.quantity), price_cents: Number(item.price_cents),
          currency: shipping.currency, delivery_status: 'pending', location: shipping.location, country: shipping.country,
          government: shipping.government, created_at: now, updated_at: now,
        })),
      );
      await repo.emptyCart(trx, viewer.id, items.map((i) => i.product_id));
    });
  }

  return {
    async checkout(viewer: Viewer, form: Form, keyHeader: string | string[] | undefined) {
      const twinSince = new Date(Date.now() - twinWindowMs).toISOString();
      const key = readClientKey(keyHeader, form);
      if (key) {
        const earlier = await repo.byKey(viewer.id, key);
        if (earlier) return answerOf(earlier.id);
      }
      const card = parseCard(form.fields);
      const shipping = readShipping(form);
      await releaseStale(viewer.id);

      const lines = (await carts.lines(viewer.id)).filter((l) => Number(l.deleted) === 0);
      if (!lines.length) {
        // A duplicate submission (a double click, a second tab) that arrives just after its twin
        // emptied the cart gets the twin's answer.
        const twin = await repo.activeSince(viewer.id, twinSince);
        if (twin) return answerOf(twin.id);
        throw badRequest('Your cart is empty');
      }
      const cartKey = cartFingerprint(lines);

      let reserved: { id: string; amount: number };
      try {
        reserved = await reserve(viewer, key, cartKey, lines, shipping.currency);
      } catch (error) {
        if (error instanceof OutOfStockError) throw badRequest(`Out of stock quantity: ${error.message} does not have that many left; please lower the quantity in your cart`);
        if (error instanceof CartChangedError) {
          const twin = await repo.activeSince(viewer.id, twinSince);
          if (twin) return answerOf(twin.id);
          throw conflict('Your cart changed while paying; please review it and try again');
        }
        if (!isUniqueViolation(error)) throw error;
        // Another checkout with this key, or of this cart, is in flight or has just finished: give its answer.
        const sameKey = key ? await repo.byKey(viewer.id, key) : undefined;
        if (sameKey) return answerOf(sameKey.id);
        const sameCart = await repo.latestForCart(viewer.id, cartKey);
        // Only a checkout of this cart that is in flight or has just finished counts as the same one.
        if (sameCart && (sameCart.status === 'pending' || sameCart.updated_at >= twinSince)) return answerOf(sameCart.id);
        throw conflict('Another payment of yours is in progress; please wait a moment and try again');
      }

      let result;
      try {
        result = await gateway.charge({
          amountCents: reserved.amount,
          currency: shipping.currency,
          card,
          idempotencyKey: reserved.id,
          description: `Clinic pharmacy order ${reserved.id}`,
        });
      } catch (error) {
        const unavailable = error instanceof GatewayUnavailableError;
        app.log.error({ checkout: reserved.id, reason: unavailable ? error.message : 'gateway error' }, 'payment not completed');
        await release(reserved.id, 'failed', 502, unavailableMessage);
        throw new HttpError(502, unavailableMessage);
      }

      if (result.status === 'declined') {
        await release(reserved.id, 'declined', 402, result.message);
        throw new HttpError(402, result.message);
      }
      try {
        await commit(viewer, reserved.id, card, shipping, reserved.amount, result.reference);
      } catch (error) {
        // The card was charged but the orders could not be written: the checkout stays pending with
        // its stock held and the provider reference in the log, for the pharmacy to reconcile.
        app.log.error({ checkout: reserved.id, reference: result.reference, err: error }, 'charged but not recorded');
        throw error;
      }
      return answerOf(reserved.id);
    },

    async orders(viewer: Viewer) {
      const rows = await repo.ordersOfUser(viewer.id);
      return { orders: rows.map((r) => toOrderDto(r, app.images)) };
    },

    async payments(viewer: Viewer) {
      const rows = await repo.paymentsOfUser(viewer.id);
      return { payments: rows.map(toPaymentDto) };
    },
  };
}
