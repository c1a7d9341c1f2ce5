import type { PaymentsTable, RefundsTable } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import { chargeTimeoutMs, type PaymentGateway } from '../../payments/gateway.js';
import type { App } from '../../types.js';
import { ordersRepository } from './repository.js';

/**
 * A live request sends the refund it recorded within one provider call; one still pending and
 * untouched for longer was cut off (a crash, a lost answer, the provider away) and is the sweeper's.
 */
export const refundRetryAfterMs = chargeTimeoutMs + 30_000;
const batch = 20;

/**
 * Sends one refund the provider has not confirmed, outside any transaction, and records the
 * provider's answer. The refund's id is the provider's idempotency key, so sending it again after a
 * lost answer or a crash never pays back twice. True when the provider took it.
 */
export async function sendRefund(app: App, gateway: PaymentGateway, payment: PaymentsTable, refund: RefundsTable): Promise<boolean> {
  try {
    const result = await gateway.refund({ chargeReference: payment.provider_ref, amountCents: Number(refund.amount_cents), idempotencyKey: refund.id });
    await ordersRepository(app.db).refundDone(refund.id, result.reference, nowIso());
    return true;
  } catch (error) {
    app.log.error({ refund: refund.id, reason: error instanceof Error ? error.message : 'refund error' }, 'refund not completed');
    return false;
  }
}

/**
 * One pass of the refund sweeper: every refund still owed and not attempted for a while is claimed
 * by exactly one instance (a conditional update) and sent again with its own key, whatever became
 * of the order's lines since. One the provider does not take stays pending for a later pass.
 * Returns how many refunds it completed.
 */
export async function sweepRefunds(app: App, gateway: PaymentGateway, now = Date.now()): Promise<number> {
  const repo = ordersRepository(app.db);
  let done = 0;
  for (const refund of await repo.stalePendingRefunds(new Date(now - refundRetryAfterMs).toISOString(), batch)) {
    if (!(await repo.claimRefund(refund, nowIso()))) continue;
    const payment = await repo.paymentById(refund.payment_id);
    if (payment && (await sendRefund(app, gateway, payment, refund))) done += 1;
  }
  return done;
}
