import { newOrderNumber } from '../orders/number.js';
import type { CheckoutsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import type { CardSummary } from '../../payments/card.js';
import type { App } from '../../types.js';
import { deliverNotifications, recordNotifications, type NotificationInput } from '../notifications/service.js';
import { checkoutRepository } from './repository.js';
import { prescriptionChecks } from '../prescriptions/checks.js';

export const paidMessage = 'Payed Successfully';
/** Said only when the card may have been charged: never "not charged" until the provider says so. */
export const confirmingMessage =
  'Your payment is being confirmed with the card provider. Your orders will appear under My orders as soon as it is confirmed; please do not pay for this cart again meanwhile.';
/** Said when the provider confirmed that no charge was made with the checkout's key. */
export const notChargedMessage = 'This payment did not go through and you have not been charged. Please try again.';

/** What writing the payment and orders needs besides the checkout row: kept with it, never the card number. */
export interface OrderDetails {
  card: CardSummary;
  currency: string;
  location: string;
  country: string;
  government: string;
}

export const readDetails = (checkout: CheckoutsTable): OrderDetails | null => {
  try {
    return checkout.order_details ? (JSON.parse(checkout.order_details) as OrderDetails) : null;
  } catch {
    return null;
  }
};

/** One notice per pharmacist whose products were bought, naming her lines only. */
function paidOrderNotices(orderNumber: string, items: { seller_id: string; product_name: string; quantity: number | string }[]): NotificationInput[] {
  const bySeller = new Map<string, string[]>();
  for (const item of items) bySeller.set(item.seller_id, [...(bySeller.get(item.seller_id) ?? []), `${Number(item.quantity)} × ${item.product_name}`]);
  return [...bySeller].map(([sellerId, lines]) => ({
    userId: sellerId,
    event: 'order_paid',
    title: `Order ${orderNumber} was paid`,
    body: `To send: ${lines.join(', ')}.`,
    link: `/orders/${orderNumber}`,
    message: { key: 'order_paid', orderNumber, lines },
  }));
}

/**
 * The ways a checkout ends, each one transaction with a conditional update on the checkout's status,
 * so whichever request or sweeper gets there first settles it and the others change nothing.
 */
export function checkoutSettlement(app: App, gatewayName: string) {
  const repo = checkoutRepository(app.db);
  const prescriptions = prescriptionChecks(app.db);

  return {
    /** Approved: payment, one order per line, the cart emptied. False when it was already settled. */
    async commit(checkout: CheckoutsTable, reference: string): Promise<boolean> {
      const details = readDetails(checkout);
      if (!details) throw new Error(`checkout ${checkout.id} has no order details`);
      const now = nowIso();
      const paymentId = newId();
      const orderNumber = newOrderNumber();
      const told = await app.db.transaction().execute(async (trx) => {
        const settled = await repo.settle(trx, checkout.id, { status: 'paid', status_code: 200, message: paidMessage, payment_id: paymentId, updated_at: now });
        if (!settled) return null;
        const { card } = details;
        await repo.insertPayment(trx, {
          id: paymentId,
          user_id: checkout.user_id,
          checkout_id: checkout.id,
          brand: card.brand,
          last4: card.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
          amount_cents: Number(checkout.amount_cents),
          currency: details.currency,
          provider: gatewayName,
          provider_ref: reference,
          order_number: orderNumber,
          created_at: now,
        });
        const items = await repo.items(trx, checkout.id);
        await repo.insertOrders(
          trx,
          items.map((item) => ({
            id: newId(),
            user_id: checkout.user_id,
            payment_id: paymentId,
            product_id: item.product_id,
            seller_id: item.seller_id,
            product_name: item.product_name,
            quantity: Number(item.quantity),
            price_cents: Number(item.price_cents),
            currency: details.currency,
            delivery_status: 'pending',
            location: details.location,
            country: details.country,
            government: details.government,
            prescription_line_id: item.prescription_line_id ?? null,
            safety_ack: checkout.safety_ack ?? '',
            created_at: now,
            updated_at: now,
          })),
        );
        await repo.emptyCart(
          trx,
          checkout.user_id,
          items.map((i) => i.product_id),
        );
        return recordNotifications(trx, paidOrderNotices(orderNumber, items));
      });
      if (!told) return false;
      void deliverNotifications(app, told);
      return true;
    },

    /** Not charged (declined, refused, or unknown to the provider): the stock goes back. */
    async release(checkoutId: string, status: 'declined' | 'failed', statusCode: number, message: string): Promise<boolean> {
      return app.db.transaction().execute(async (trx) => {
        const settled = await repo.settle(trx, checkoutId, { status, status_code: statusCode, message, updated_at: nowIso() });
        if (!settled) return false;
        for (const item of await repo.items(trx, checkoutId)) {
          await repo.returnStock(trx, item.product_id, Number(item.quantity));
          await prescriptions.restore(trx, item.prescription_line_id, Number(item.quantity));
        }
        return true;
      });
    },

    /** The card may have been charged: the stock stays held until the provider tells. */
    async markConfirming(checkoutId: string): Promise<void> {
      await app.db
        .updateTable('checkouts')
        .set({ status: 'confirming', status_code: 202, message: confirmingMessage, updated_at: nowIso() })
        .where('id', '=', checkoutId)
        .where('status', '=', 'pending')
        .execute();
    },
  };
}
