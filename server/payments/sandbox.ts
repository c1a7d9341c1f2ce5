import { createHash } from 'node:crypto';
import { luhnValid } from './card.js';
import { GatewayUnavailableError, type ChargeRequest, type ChargeResult, type PaymentGateway, type RefundRequest, type RefundResult } from './gateway.js';

/** Test numbers with a fixed outcome; every other valid card is approved. */
const declines: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};

/**
 * The default gateway: no network, no money. It checks the card the way a real provider would
 * (Luhn, expiry, CVC) and approves or declines by number, so the whole purchase path can be used
 * and tested offline.
 */
export function sandboxGateway(now: () => Date = () => new Date()): PaymentGateway {
  return {
    name: 'sandbox',
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const { card } = request;
      if (!luhnValid(card.number)) return { status: 'declined', message: 'Your card number is incorrect.' };
      const today = now();
      const expired = card.expYear < today.getUTCFullYear() || (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1);
      if (expired) return { status: 'declined', message: 'Your card has expired.' };
      if (!/^\d{3,4}$/.test(card.cvc)) return { status: 'declined', message: "Your card's security code is incorrect." };
      const declined = declines[card.number];
      if (declined) return { status: 'declined', message: declined };
      if (request.amountCents <= 0) return { status: 'declined', message: 'The amount must be greater than zero.' };
      // The same key always gives the same reference, like a provider's idempotent answer.
      const reference = `sandbox_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      return { status: 'approved', reference };
    },
    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!request.chargeReference.startsWith('sandbox_')) throw new GatewayUnavailableError('The sandbox did not make this charge');
      if (request.amountCents <= 0) throw new GatewayUnavailableError('A refund must be greater than zero');
      // Like the charge: the same key always gives the same refund.
      return { reference: `sandbox_re_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}` };
    },
  };
}
