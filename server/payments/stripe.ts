import type { ChargeRequest, ChargeResult, LookupResult, PaymentGateway, RefundRequest, RefundResult } from './gateway.js';
import { GatewayUnavailableError, chargeTimeoutMs } from './gateway.js';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  status: number;
  json(): Promise<unknown>;
}>;

const endpoint = 'https://api.stripe.com/v1/payment_intents';
const refundsEndpoint = 'https://api.stripe.com/v1/refunds';

/** The form body of a confirmed card PaymentIntent. Exported for tests; it carries the card, so never log it. */
export function paymentIntentBody(request: ChargeRequest): string {
  const body = new URLSearchParams();
  body.set('amount', String(request.amountCents));
  body.set('currency', request.currency);
  body.set('confirm', 'true');
  body.set('description', request.description);
  // The key rides as metadata too, so the intent can be found again when the answer was lost.
  body.set('metadata[checkout_id]', request.idempotencyKey);
  body.append('payment_method_types[]', 'card');
  body.set('payment_method_data[type]', 'card');
  body.set('payment_method_data[card][number]', request.card.number);
  body.set('payment_method_data[card][exp_month]', String(request.card.expMonth));
  body.set('payment_method_data[card][exp_year]', String(request.card.expYear));
  body.set('payment_method_data[card][cvc]', request.card.cvc);
  return body.toString();
}

interface StripeAnswer {
  id?: string;
  status?: string;
  error?: { type?: string; message?: string };
}

/**
 * Stripe through its HTTP API: one confirmed PaymentIntent per checkout, with the checkout's id
 * as Stripe's Idempotency-Key so a retried request cannot charge twice. Card errors become
 * declines with Stripe's message; anything else means the provider is unavailable.
 */
export function stripeGateway(secretKey: string, fetchImpl: FetchLike = fetch as unknown as FetchLike): PaymentGateway {
  return {
    name: 'stripe',
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      let status: number;
      let answer: StripeAnswer;
      try {
        const response = await fetchImpl(endpoint, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${secretKey}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            'Idempotency-Key': request.idempotencyKey,
          },
          body: paymentIntentBody(request),
          signal: AbortSignal.timeout(chargeTimeoutMs),
        });
        status = response.status;
        answer = ((await response.json()) ?? {}) as StripeAnswer;
      } catch {
        // A timeout or a dropped connection: the request may have reached Stripe and charged the card.
        throw new GatewayUnavailableError('The payment service did not answer', 'unknown');
      }
      if (status === 200 && answer.status === 'succeeded' && answer.id) return { status: 'approved', reference: answer.id };
      if (status === 200 && answer.status === 'requires_action') {
        return { status: 'declined', message: 'This card needs an extra confirmation step that is not supported here; please use another card.' };
      }
      if (answer.error?.type === 'card_error') return { status: 'declined', message: answer.error.message ?? 'Your card was declined.' };
      // A 4xx refuses the request itself (nothing was charged); a 5xx leaves the outcome open.
      throw new GatewayUnavailableError(`The payment service answered ${status}`, status >= 400 && status < 500 ? 'no' : 'unknown');
    },

    async lookup(idempotencyKey: string): Promise<LookupResult> {
      const query = `metadata['checkout_id']:'${idempotencyKey.replace(/'/g, "\\'")}'`;
      let status: number;
      let answer: { data?: StripeAnswer[] };
      try {
        const response = await fetchImpl(`${endpoint}/search?query=${encodeURIComponent(query)}`, {
          method: 'GET',
          headers: { Authorization: `Bearer ${secretKey}` },
          signal: AbortSignal.timeout(chargeTimeoutMs),
        });
        status = response.status;
        answer = ((await response.json()) ?? {}) as { data?: StripeAnswer[] };
      } catch {
        throw new GatewayUnavailableError('The payment service did not answer');
      }
      if (status !== 200 || !Array.isArray(answer.data)) throw new GatewayUnavailableError(`The payment service answered ${status}`);
      const intent = answer.data[0];
      if (!intent) return { status: 'not_found' };
      if (intent.status === 'succeeded' && intent.id) return { status: 'approved', reference: intent.id };
      if (intent.status === 'requires_payment_method' || intent.status === 'canceled' || intent.status === 'requires_action') {
        return { status: 'declined', message: 'The payment did not go through.' };
      }
      // processing, requires_capture…: not settled yet; ask again later.
      throw new GatewayUnavailableError(`The payment is still ${intent.status ?? 'open'} at the provider`);
    },

    /** A Refund of part or all of the PaymentIntent, with the refund's id as Stripe's Idempotency-Key. */
    async refund(request: RefundRequest): Promise<RefundResult> {
      const body = new URLSearchParams({ payment_intent: request.chargeReference, amount: String(request.amountCents) });
      let status: number;
      let answer: StripeAnswer;
      try {
        const response = await fetchImpl(refundsEndpoint, {
          method: 'POST',
          headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': request.idempotencyKey },
          body: body.toString(),
          signal: AbortSignal.timeout(chargeTimeoutMs),
        });
        status = response.status;
        answer = ((await response.json()) ?? {}) as StripeAnswer;
      } catch {
        throw new GatewayUnavailableError('The payment service could not be reached');
      }
      // 'pending' means Stripe took the refund and will finish it; only a failed or refused one is retried.
      if (status === 200 && answer.id && (answer.status === 'succeeded' || answer.status === 'pending')) return { reference: answer.id };
      throw new GatewayUnavailableError(`The payment service did not take the refund (${status} ${answer.status ?? answer.error?.type ?? ''})`);
    },
  };
}
