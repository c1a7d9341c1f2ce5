import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError, badRequest, conflict, forbidden } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { centsToAmount } from '../../lib/mappers.js';
import { nowIso } from '../../lib/time.js';
import { gatewayFor, type PaymentGateway } from '../../payments/index.js';
import { GatewayUnavailableError } from '../../payments/gateway.js';
import { cardOf, summarize } from '../../payments/card.js';
import type { Viewer } from '../../plugins/auth.js';
import { durableOr503 } from '../../plugins/durable-answers.js';
import { cleanField } from '../../lib/form-text.js';
import type { App } from '../../types.js';
import { cartRepository, isOnSale, type CartLine } from '../cart/repository.js';
import { acknowledged, acknowledgement, checkedProduct, prescriptionChecks, safetyWarning } from '../prescriptions/checks.js';
import { currencyOf, deliveryAddress, expectedTotalText, toOrderDto, toPaymentDto, type checkoutBody } from './dto.js';
import { checkoutRepository } from './repository.js';
import type { CheckoutsTable } from '../../db/schema.js';
import { staleAfterMs } from './sweeper.js';
import { checkoutSettlement, confirmingMessage, paidMessage, type OrderDetails } from './settle.js';

export { paidMessage } from './settle.js';

const unavailableMessage = 'The payment service is not available right now and you have not been charged. Please try again later.';
const waitStepMs = 100;
/** A submission without a key this soon after a checkout of the same cart is taken as a duplicate of it. */
const twinWindowMs = 30_000;
const waitLimitMs = 20_000;

class OutOfStockError extends Error {}
/** A prescription-only line no valid prescription of the buyer's covers (any more). */
class NotCoveredError extends Error {}
/** The cart changed between reading it and reserving it: another checkout of it has just finished. */
class CartChangedError extends Error {}

/** `POST checkout`: the fields as sent (see dto.ts checkoutBody). */
type CheckoutForm = z.output<typeof checkoutBody>;

interface Shipping {
  currency: string;
  location: string;
  country: string;
  government: string;
}

/** The address part of a checkout form (the schema has checked it: see dto.ts). */
function readShipping(form: CheckoutForm): Shipping {
  const country = cleanField(form.country).slice(0, 100);
  const government = cleanField(form.government).slice(0, 100);
  return { currency: currencyOf(form.currency), location: deliveryAddress(form.location), country, government };
}

/** The total the buyer saw (`expectedTotal`, in dollars as the cart shows it), in cents; null when not sent. */
function readExpectedTotal(form: CheckoutForm): number | null {
  const raw = expectedTotalText(form);
  return raw ? Math.round(Number(raw) * 100) : null;
}

const staleSince = () => new Date(Date.now() - staleAfterMs).toISOString();
const dollars = (cents: number) => `$${centsToAmount(cents).toFixed(2)}`;

/** A refusal that carries the cart's current total, so the page can show it and ask again. */
function cartChanged(message: string, totalCents: number) {
  return new HttpError(409, message, { total: centsToAmount(totalCents) });
}

function readClientKey(header: string | string[] | undefined, form: CheckoutForm): string {
  const raw = (Array.isArray(header) ? header[0] : header) ?? cleanField(form.idempotencyKey ?? form.idempotency_key);
  const key = (raw ?? '').trim();
  if (!key) return '';
  if (!/^[A-Za-z0-9_.:-]{8,200}$/.test(key)) throw badRequest('The idempotency key must be 8 to 200 letters, digits or - _ . :');
  return `client:${key}`;
}

/** The cart as a natural key: the same lines with the same quantities give the same fingerprint. */
export const cartFingerprint = (lines: Pick<CartLine, 'id' | 'product_id' | 'quantity'>[]) =>
  createHash('sha256')
    .update(
      lines
        .map((l) => `${l.id}:${l.product_id}:${l.quantity}`)
        .sort()
        .join('|'),
    )
    .digest('hex');

/** What else a checkout was sent with: the delivery address, currency and the total the buyer saw. */
const requestFingerprint = (shipping: Shipping, expected: number | null) =>
  createHash('sha256')
    .update(JSON.stringify([shipping.location, shipping.country, shipping.government, shipping.currency, expected]))
    .digest('hex');

const keyReused = 'This payment key was already used for a different order, and you have not been charged for this one. Please try again.';

/**
 * Whether a request sent with an already used key is the same request, as card providers judge it:
 * the same address and expected total, and the same cart lines and quantities, unless the cart is
 * empty because that checkout paid for it. Checkouts stored before the fingerprint was kept compare
 * their carts only.
 */
const sameRequest = (earlier: CheckoutsTable, fingerprint: string, lines: CartLine[]) =>
  (!earlier.request_fingerprint || earlier.request_fingerprint === fingerprint) && (!lines.length || cartFingerprint(lines) === earlier.cart_key);

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
export function checkoutService(app: App, gateway: PaymentGateway = gatewayFor(app.config, app.db)) {
  const repo = checkoutRepository(app.db);
  const carts = cartRepository(app.db);
  const prescriptions = prescriptionChecks(app.db);
  const settlement = checkoutSettlement(app, gateway.name);

  async function paidAnswer(checkout: CheckoutsTable) {
    const payment = checkout.payment_id ? await repo.payment(checkout.payment_id) : undefined;
    const ids = new Set((payment ? await repo.ordersOfPayment(payment.id) : []).map((o) => o.id));
    const orders = (await repo.ordersOfUser(checkout.user_id)).filter((o) => ids.has(o.id));
    return {
      message: checkout.message || paidMessage,
      payment: payment ? toPaymentDto(payment) : null,
      orders: orders.map((o) => toOrderDto(o, app.images)),
      confirming: false,
    };
  }

  /** Accepted, outcome not known yet: 202, no payment, no orders, and no claim either way about the card. */
  const confirmingAnswer = () => ({ message: confirmingMessage, payment: null, orders: [], confirming: true });

  /** The answer a settled checkout gave, given again; waits while it is still pending. */
  async function answerOf(checkoutId: string) {
    for (let waited = 0; ; waited += waitStepMs) {
      const checkout = await repo.byId(checkoutId);
      if (!checkout) throw conflict('This payment could not be found; please try again');
      if (checkout.status === 'paid') return paidAnswer(checkout);
      // Confirming, or cut off (its process died): only the provider can tell, and the sweeper asks it.
      if (checkout.status === 'confirming' || (checkout.status === 'pending' && checkout.created_at < staleSince())) return confirmingAnswer();
      if (checkout.status !== 'pending') throw new HttpError(checkout.status_code || 402, checkout.message);
      if (waited >= waitLimitMs) throw conflict('Your payment is still being processed; please check your orders in a moment');
      await sleep(waitStepMs);
    }
  }

  /** Step 1: a pending checkout and its stock, in one transaction. */
  async function reserve(viewer: Viewer, key: string, cartKey: string, lines: CartLine[], details: OrderDetails, safetyAck: string, fingerprint: string) {
    const id = newId();
    const now = nowIso();
    const amount = lines.reduce((sum, l) => sum + Number(l.price_cents) * Number(l.quantity), 0);
    // A fixed order of rows keeps two checkouts from locking the same products in opposite orders.
    const ordered = [...lines].sort((a, b) => a.product_id.localeCompare(b.product_id));
    await app.db.transaction().execute(async (trx) => {
      await repo.insertCheckout(trx, {
        id,
        user_id: viewer.id,
        idempotency_key: key || `auto:${id}`,
        status: 'pending',
        message: '',
        amount_cents: amount,
        currency: details.currency,
        payment_id: null,
        cart_key: cartKey,
        status_code: 0,
        order_details: JSON.stringify(details),
        safety_ack: safetyAck,
        request_fingerprint: fingerprint,
        created_at: now,
        updated_at: now,
      });
      // Read again now that this is the user's only pending checkout: a twin that finished meanwhile has emptied it.
      const current = (await carts.lines(viewer.id, trx)).filter(isOnSale);
      if (cartFingerprint(current) !== cartKey) throw new CartChangedError();
      const prescribedBy = new Map<string, string>();
      for (const line of ordered) {
        if (!(await repo.reserveStock(trx, line.product_id, Number(line.quantity)))) throw new OutOfStockError(line.name);
        if (Number(line.prescription_only) !== 1) continue;
        // The prescribed packs are taken in the same transaction: a prescription is used once, and never beyond its quantity.
        const prescriptionLine = await prescriptions.consume(
          trx,
          viewer.id,
          { id: line.product_id, name: line.name, active_ingredients: line.active_ingredients },
          Number(line.quantity),
        );
        if (!prescriptionLine) throw new NotCoveredError(line.name);
        prescribedBy.set(line.product_id, prescriptionLine);
      }
      await repo.insertItems(
        trx,
        ordered.map((l) => ({
          id: newId(),
          checkout_id: id,
          product_id: l.product_id,
          seller_id: l.owner_id,
          product_name: l.name,
          quantity: Number(l.quantity),
          price_cents: Number(l.price_cents) * Number(l.quantity),
          prescription_line_id: prescribedBy.get(l.product_id) ?? null,
        })),
      );
    });
    return { id, amount };
  }

  /** The checkout row as stored (for settling it with its order details). */
  async function stored(checkoutId: string) {
    const checkout = await repo.byId(checkoutId);
    if (!checkout) throw conflict('This payment could not be found; please try again');
    return checkout;
  }

  return {
    async checkout(viewer: Viewer, form: CheckoutForm, keyHeader: string | string[] | undefined) {
      const twinSince = new Date(Date.now() - twinWindowMs).toISOString();
      const key = readClientKey(keyHeader, form);
      const shipping = readShipping(form);
      const expected = readExpectedTotal(form);
      const fingerprint = requestFingerprint(shipping, expected);
      const lines = (await carts.lines(viewer.id)).filter(isOnSale);
      // A key already used answers what it answered, for the same request only: a different
      // request with it is refused and charges nothing (it is not that checkout's retry).
      const replay = (earlier: CheckoutsTable) => {
        if (!sameRequest(earlier, fingerprint, lines)) throw new HttpError(422, keyReused);
        return answerOf(earlier.id);
      };
      if (key) {
        const earlier = await repo.byKey(viewer.id, key);
        if (earlier) return replay(earlier);
      }
      const card = cardOf(form);

      if (!lines.length) {
        // A duplicate submission without a key (a double click, a second tab) that arrives just after
        // its twin emptied the cart gets the twin's answer. A new key is a new purchase: it never
        // replays another checkout.
        const twin = key ? undefined : await repo.activeSince(viewer.id, twinSince);
        if (twin) return answerOf(twin.id);
        if (expected !== null && expected > 0) throw cartChanged('Your cart changed since you saw it: it is now empty.', 0);
        throw badRequest('Your cart is empty');
      }
      const cartKey = cartFingerprint(lines);
      const total = lines.reduce((sum, l) => sum + Number(l.price_cents) * Number(l.quantity), 0);
      // Price truth: the buyer is charged only the total they saw; a changed price or a product gone
      // from the cart since is shown to them first.
      if (expected !== null && expected !== total) {
        throw cartChanged(
          `Prices in your cart changed since you saw them: the total is now ${dollars(total)} instead of ${dollars(expected)}. Please confirm the new total.`,
          total,
        );
      }
      // A client that sends no expected total (the contract's original client never does) is held to
      // the prices her lines held when she put them in the cart: a raise since is shown to her first,
      // and her lines then hold the new prices, so sending the checkout again pays them.
      if (expected === null) {
        const raised = lines.filter((l) => l.held_price_cents !== null && Number(l.price_cents) > Number(l.held_price_cents));
        if (raised.length) {
          await carts.holdCurrentPrices(viewer.id);
          throw cartChanged(
            `The price of ${raised.map((l) => l.name).join(', ')} rose since you put it in your cart: the total is now ${dollars(total)}. Send the payment again to pay the new total.`,
            total,
          );
        }
      }
      const details: OrderDetails = { card: summarize(card), ...shipping };
      // Safety: her allergies and current medicines against what she buys; a warning must be acknowledged.
      const conflicts = await prescriptions.conflicts(viewer.id, lines.map(checkedProduct));
      if (conflicts.length && !acknowledged(form.acknowledgeWarnings)) throw safetyWarning(conflicts, 'patient');

      let reserved: { id: string; amount: number };
      try {
        reserved = await reserve(viewer, key, cartKey, lines, details, acknowledgement(conflicts, nowIso()), fingerprint);
      } catch (error) {
        if (error instanceof OutOfStockError) {
          throw cartChanged(`Out of stock quantity: ${error.message} does not have that many left; please lower the quantity in your cart`, total);
        }
        if (error instanceof NotCoveredError) {
          throw forbidden(
            `${error.message} is sold only with a prescription, and no valid prescription of yours covers this quantity any more; please remove it from your cart`,
          );
        }
        if (error instanceof CartChangedError) {
          const twin = key ? undefined : await repo.activeSince(viewer.id, twinSince);
          if (twin) return answerOf(twin.id);
          throw conflict('Your cart changed while paying; please review it and try again');
        }
        if (!isUniqueViolation(error)) throw error;
        // Another checkout with this key, or of this cart, is in flight or has just finished: give its answer.
        const sameKey = key ? await repo.byKey(viewer.id, key) : undefined;
        if (sameKey) return replay(sameKey);
        const sameCart = await repo.latestForCart(viewer.id, cartKey);
        // Only a checkout of this cart that is still open counts as the same one (or, without a key,
        // one that has just finished).
        const open = sameCart && (sameCart.status === 'pending' || sameCart.status === 'confirming');
        if (sameCart && (open || (!key && sameCart.updated_at >= twinSince))) return answerOf(sameCart.id);
        throw conflict('Another payment of yours is in progress; please wait a moment and try again');
      }

      // The reservation (the charge's idempotency key) is on disk before any card is charged.
      await durableOr503(app.durability);
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
        if (error instanceof GatewayUnavailableError && error.charged === 'no') {
          app.log.error({ checkout: reserved.id, reason: error.message }, 'payment refused by the provider; not charged');
          await settlement.release(reserved.id, 'failed', 502, unavailableMessage);
          throw new HttpError(502, unavailableMessage);
        }
        // The answer was lost (a timeout): the card may have been charged. The sweeper asks the provider.
        app.log.error({ checkout: reserved.id, err: error }, 'payment outcome unknown; confirming with the provider');
        await settlement.markConfirming(reserved.id);
        return confirmingAnswer();
      }

      if (result.status === 'declined') {
        await settlement.release(reserved.id, 'declined', 402, result.message);
        throw new HttpError(402, result.message);
      }
      try {
        await settlement.commit(await stored(reserved.id), result.reference);
      } catch (error) {
        // The card was charged but the orders could not be written (the database went away): the
        // checkout keeps its stock and the sweeper records it from the provider's answer.
        app.log.error({ checkout: reserved.id, reference: result.reference, err: error }, 'charged but not recorded yet');
        await settlement.markConfirming(reserved.id).catch(() => undefined);
        return confirmingAnswer();
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
