import { nowIso } from '../../lib/time.js';
import { chargeTimeoutMs, type PaymentGateway } from '../../payments/gateway.js';
import type { App } from '../../types.js';
import { checkoutRepository } from './repository.js';
import { checkoutSettlement, notChargedMessage } from './settle.js';

/**
 * A live request settles its checkout within one charge call and two short transactions, so one
 * still pending well after that was cut off (a crash or restart).
 */
export const staleAfterMs = chargeTimeoutMs + 90_000;
/** How often a checkout being confirmed is asked about again. */
export const recheckAfterMs = 30_000;
/** How often each instance looks for checkouts to settle. */
export const sweepEveryMs = 20_000;
/**
 * A provider's search may lag behind its charges (Stripe's by up to a minute): "no such charge" is
 * believed only for a checkout older than this.
 */
export const notFoundAfterMs = 5 * 60_000;
const batch = 20;

/**
 * One pass of the settling sweeper: every checkout whose outcome was lost is claimed by exactly one
 * instance (a conditional update), then the provider is asked about it by the checkout's key:
 * approved → payment and orders are written; declined or unknown to the provider → the stock goes back
 * and the buyer reads that nothing was charged; provider unreachable → it stays for the next pass.
 * Returns how many checkouts it settled.
 */
export async function sweepCheckouts(app: App, gateway: PaymentGateway, now = Date.now()): Promise<number> {
  const repo = checkoutRepository(app.db);
  const settlement = checkoutSettlement(app, gateway.name);
  const candidates = await repo.unsettled(new Date(now - staleAfterMs).toISOString(), new Date(now - recheckAfterMs).toISOString(), batch);
  let settled = 0;
  for (const checkout of candidates) {
    if (!(await repo.claim(checkout, nowIso()))) continue;
    try {
      const found = await gateway.lookup(checkout.id);
      if (found.status === 'approved') {
        if (await settlement.commit(checkout, found.reference)) settled += 1;
        app.log.info({ checkout: checkout.id, reference: found.reference }, 'payment confirmed by the provider; orders recorded');
      } else if (found.status === 'declined') {
        if (await settlement.release(checkout.id, 'declined', 402, found.message)) settled += 1;
      } else if (now - Date.parse(checkout.created_at) >= notFoundAfterMs || checkout.status === 'pending') {
        // A pending checkout older than a charge call either never charged or its charge is on record by now.
        if (await settlement.release(checkout.id, 'failed', 409, notChargedMessage)) settled += 1;
        app.log.warn({ checkout: checkout.id }, 'released a checkout the provider has no charge for');
      } else {
        await settlement.markConfirming(checkout.id);
      }
    } catch (error) {
      app.log.warn({ checkout: checkout.id, err: error }, 'could not settle a checkout yet; trying again on the next pass');
      if (checkout.status === 'pending') await settlement.markConfirming(checkout.id).catch(() => undefined);
    }
  }
  return settled;
}

/** Runs the sweeper on a timer on every instance; the claims keep instances from settling one checkout twice. */
export function startCheckoutSweeper(app: App, gateway: PaymentGateway): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepCheckouts(app, gateway)
      .catch((error: unknown) => app.log.warn({ err: error }, 'checkout sweeper pass failed'))
      .finally(() => (running = false));
  }, sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
