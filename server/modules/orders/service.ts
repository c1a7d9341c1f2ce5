import type { PaymentsTable } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { centsToAmount } from '../../lib/mappers.js';
import { nowIso } from '../../lib/time.js';
import { gatewayFor, type PaymentGateway } from '../../payments/index.js';
import type { Viewer } from '../../plugins/auth.js';
import { durableOr503 } from '../../plugins/durable-answers.js';
import type { App } from '../../types.js';
import { cartRepository } from '../cart/repository.js';
import { prescriptionChecks } from '../prescriptions/checks.js';
import { toOrderPage } from './dto.js';
import { readOrderNumber } from './number.js';
import { ordersRepository, type OrderLineRow } from './repository.js';
import { sendRefund } from './refund-sweeper.js';

const missing = 'This order does not exist';

/** Thrown inside the cancel's transaction to undo it: this line left 'pending' since it was read. */
class LineMoved extends Error {
  constructor(readonly line: OrderLineRow) {
    super(`${line.product_name} is ${line.delivery_status}`);
  }
}

/**
 * A checkout's orders as one store order with a number: its page, cancelling it while pending
 * (stock back, card refunded) and buying it again.
 */
export function ordersService(app: App, gateway: PaymentGateway = gatewayFor(app.config, app.db)) {
  const repo = ordersRepository(app.db);
  const carts = cartRepository(app.db);
  const prescriptions = prescriptionChecks(app.db);

  /**
   * The order as the viewer may see it: the buyer sees all of it, a pharmacist only the lines she
   * sells (without the card). Anyone else is told it does not exist, so numbers cannot be probed.
   */
  async function visible(viewer: Viewer, numberText: string | undefined) {
    const number = readOrderNumber(numberText);
    const payment = number ? await repo.paymentByNumber(number) : undefined;
    if (!payment) throw notFound(missing);
    const all = await repo.lines(app.db, payment.id);
    const asBuyer = payment.user_id === viewer.id;
    const lines = asBuyer ? all : all.filter((l) => viewer.role === 'pharmacist' && l.seller_id === viewer.id);
    if (!lines.length) throw notFound(missing);
    return { payment, lines, asBuyer };
  }

  async function page(payment: PaymentsTable, lines: OrderLineRow[], asBuyer: boolean) {
    const [events, refunds] = await Promise.all([repo.events(lines.map((l) => l.id)), asBuyer ? repo.refunds(payment.id) : Promise.resolve([])]);
    return toOrderPage(payment, lines, events, refunds, app.images, asBuyer);
  }

  /**
   * Sends every refund of the payment that the provider has not confirmed yet (refund-sweeper.ts
   * sends each). Returns the amount still waiting, in cents.
   */
  async function sendRefunds(payment: PaymentsTable): Promise<number> {
    let waiting = 0;
    // The refund rows (each one the provider's idempotency key) are on disk before any is sent.
    await durableOr503(app.durability);
    for (const refund of await repo.refunds(payment.id)) {
      if (refund.status === 'pending' && !(await sendRefund(app, gateway, payment, refund))) waiting += Number(refund.amount_cents);
    }
    return waiting;
  }

  /**
   * All or nothing, in one transaction: every line not cancelled yet must still be pending, and each
   * moves pending → cancelled by a conditional update (stock back, a pending refund recorded). A line
   * that moved meanwhile undoes the whole cancel; one the pharmacist cancelled meanwhile is already
   * refunded by her. Returns the line that had moved (nothing changed) or the cents to refund.
   */
  function cancelLines(paymentId: string) {
    return app.db.transaction().execute(async (trx): Promise<{ moved: OrderLineRow } | { cents: number }> => {
      const open = (await repo.lines(trx, paymentId)).filter((l) => l.delivery_status !== 'cancelled');
      const moved = open.find((l) => l.delivery_status !== 'pending');
      if (moved) return { moved };
      const at = nowIso();
      let cents = 0;
      for (const line of open) {
        if (!(await repo.moveLine(trx, line.id, 'pending', 'cancelled', at))) {
          const now = await repo.lineStatus(trx, line.id);
          if (now === 'cancelled') continue;
          throw new LineMoved({ ...line, delivery_status: now ?? line.delivery_status });
        }
        await repo.returnStock(trx, line.product_id, Number(line.quantity));
        await prescriptions.restore(trx, line.prescription_line_id, Number(line.quantity));
        await repo.addEvent(trx, { id: newId(), order_id: line.id, status: 'cancelled', actor_role: 'patient', created_at: at });
        cents += Number(line.price_cents);
      }
      if (cents > 0)
        await repo.addRefund(trx, {
          id: newId(),
          payment_id: paymentId,
          amount_cents: cents,
          status: 'pending',
          provider_ref: '',
          created_at: at,
          updated_at: at,
        });
      return { cents };
    });
  }

  return {
    sendRefunds,

    async get(viewer: Viewer, numberText: string | undefined) {
      const { payment, lines, asBuyer } = await visible(viewer, numberText);
      return { order: await page(payment, lines, asBuyer) };
    },

    /**
     * The buyer cancels an order while every line is pending (cancelLines), then the refund is sent
     * after the commit. A refund already owed is sent again whatever became of the other lines, so
     * the same request retries one that did not go through. A line already moved is named in a 409.
     */
    async cancel(viewer: Viewer, numberText: string | undefined) {
      const { payment, asBuyer } = await visible(viewer, numberText);
      if (!asBuyer) throw notFound(missing);
      const outcome = await cancelLines(payment.id).catch((error: unknown) => {
        if (error instanceof LineMoved) return { moved: error.line };
        throw error;
      });
      const owed = (await repo.refunds(payment.id)).filter((r) => r.status === 'pending').reduce((sum, r) => sum + Number(r.amount_cents), 0);
      if ('moved' in outcome && !owed) {
        throw conflict(`${outcome.moved.product_name} is already ${outcome.moved.delivery_status}, so this order can no longer be cancelled`);
      }
      if ('cents' in outcome && !outcome.cents && !owed) throw conflict('This order is already cancelled');
      const waiting = await sendRefunds(payment);
      const card = `your ${payment.brand} card ending in ${payment.last4}`;
      const currency = payment.currency.toUpperCase();
      const sum = (cents: number) => centsToAmount(cents).toFixed(2);
      // Where a line had moved, only the refund was owed: the order itself goes on.
      const message =
        'moved' in outcome
          ? waiting
            ? `The refund of ${sum(waiting)} ${currency} could not be sent to ${card} yet. Please try again in a few minutes.`
            : `The refund of ${sum(owed)} ${currency} is sent back to ${card}.`
          : waiting
            ? `Your order ${payment.order_number} is cancelled, but the refund of ${sum(waiting)} ${currency} could not be sent to ${card} yet. Please try again in a few minutes.`
            : `Your order ${payment.order_number} is cancelled and the money is refunded to ${card}.`;
      const fresh = await repo.lines(app.db, payment.id);
      return { message, refundPending: waiting > 0, order: await page(payment, fresh, true) };
    },

    /** Puts the order's lines back in the buyer's cart, as many as are in stock; says which are not. */
    async reorder(viewer: Viewer, numberText: string | undefined) {
      const { lines, asBuyer } = await visible(viewer, numberText);
      if (!asBuyer) throw notFound(missing);
      const products = new Map((await repo.products(lines.map((l) => l.product_id))).map((p) => [p.id, p]));
      const inCart = new Map((await carts.lines(viewer.id)).map((l) => [l.product_id, Number(l.quantity)]));
      const added: { name: string; quantity: number }[] = [];
      const unavailable: { name: string; reason: string }[] = [];
      for (const line of lines) {
        const product = products.get(line.product_id);
        if (!product || Number(product.deleted) === 1) {
          unavailable.push({ name: line.product_name, reason: 'is no longer sold' });
          continue;
        }
        const stock = Number(product.quantity);
        if (stock <= 0) {
          unavailable.push({ name: line.product_name, reason: 'is out of stock' });
          continue;
        }
        const wanted = Math.max(inCart.get(product.id) ?? 0, Number(line.quantity));
        let quantity = Math.min(wanted, stock);
        if (Number(product.prescription_only) === 1) {
          // Bought once against a prescription: again only as far as a valid prescription still covers it.
          quantity = Math.min(quantity, await prescriptions.coveredQuantity(viewer.id, product));
          if (quantity <= 0) {
            unavailable.push({ name: line.product_name, reason: 'needs a valid prescription that covers it' });
            continue;
          }
        }
        await carts.setQuantity(viewer.id, product.id, quantity);
        inCart.set(product.id, quantity);
        added.push({ name: product.name, quantity });
        if (quantity < Math.min(wanted, stock)) unavailable.push({ name: line.product_name, reason: `is covered by your prescriptions for ${quantity} only` });
        else if (quantity < wanted) unavailable.push({ name: line.product_name, reason: `has only ${stock} left, so ${stock} went in your cart` });
      }
      const message = added.length
        ? `${added.length === 1 ? 'One product is' : `${added.length} products are`} back in your cart.`
        : 'None of these products can be bought right now.';
      return { message, added, unavailable };
    },
  };
}
