import { createHash } from 'node:crypto';
import { luhnValid } from './card.js';
import {
  GatewayUnavailableError,
  type ChargeRequest,
  type ChargeResult,
  type LookupResult,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
} from './gateway.js';

/** Test numbers with a fixed outcome; every other valid card is approved. */
const declines: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};

/**
 * The sandbox's own record of its charges by idempotency key, shared by every sandbox gateway of
 * the process. Like the sandbox itself it is not money: it ends with the process, after which a
 * lookup finds nothing (so a checkout cut off by a restart is released, not paid).
 */
const ledger = new Map<string, ChargeResult>();

/**
 * The default gateway: no network, no money. It checks the card the way a real provider would
 * (Luhn, expiry, CVC) and approves or declines by number, so the whole purchase path can be used
 * and tested offline.
 */
export function sandboxGateway(now: () => Date = () => new Date()): PaymentGateway {
  return {
    name: 'sandbox',
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const result = decide(request, now());
      ledger.set(request.idempotencyKey, result);
      return result;
    },
    async lookup(idempotencyKey: string): Promise<LookupResult> {
      return ledger.get(idempotencyKey) ?? { status: 'not_found' };
    },
    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!request.chargeReference.startsWith('sandbox_')) throw new GatewayUnavailableError('The sandbox did not make this charge');
      if (request.amountCents <= 0) throw new GatewayUnavailableError('A refund must be greater than zero');
      // Like the charge: the same key always gives the same refund.
      return { reference: `sandbox_re_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}` };
    },
  };
}

/** The sandbox's outcome for a card: fixed by its number, after the checks a real provider makes. */
function decide(request: ChargeRequest, today: Date): ChargeResult {
  const { card } = request;
  if (!luhnValid(card.number)) return { status: 'declined', message: 'Your card number is incorrect.' };
  const expired = card.expYear < today.getUTCFullYear() || (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1);
  if (expired) return { status: 'declined', message: 'Your card has expired.' };
  if (!/^\d{3,4}$/.test(card.cvc)) return { status: 'declined', message: "Your card's security code is incorrect." };
  const declined = declines[card.number];
  if (declined) return { status: 'declined', message: declined };
  if (request.amountCents <= 0) return { status: 'declined', message: 'The amount must be greater than zero.' };
  // The same key always gives the same reference, like a provider's idempotent answer.
  const reference = `sandbox_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
  return { status: 'approved', reference };
}
