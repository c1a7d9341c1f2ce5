import type { Card } from './card.js';

export interface ChargeRequest {
  amountCents: number;
  currency: string;
  card: Card;
  /** Sent to the provider so that a repeated request cannot charge twice. */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult = { status: 'approved'; reference: string } | { status: 'declined'; message: string };

export interface RefundRequest {
  /** The provider's reference of the approved charge. */
  chargeReference: string;
  amountCents: number;
  /** The refund's own id: sending it again never refunds twice. */
  idempotencyKey: string;
}

/** The provider accepted the refund; a failure throws GatewayUnavailableError. */
export interface RefundResult {
  reference: string;
}

/** A charge call gives up after this long; a checkout cannot be in flight much longer than this. */
export const chargeTimeoutMs = 30_000;

/** What the provider knows of a charge made with an idempotency key; 'not_found' means no charge was made with it. */
export type LookupResult = ChargeResult | { status: 'not_found' };

/** A payment provider. Its calls go over the network: never call them inside a database transaction. */
export interface PaymentGateway {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Asks the provider about the charge made with this idempotency key (for checkouts whose outcome was lost). */
  lookup(idempotencyKey: string): Promise<LookupResult>;
  /** Sends money of an approved charge back to the card. A network call too: never inside a transaction. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/**
 * The provider could not be reached or answered with an error that is not about the card.
 * `charged` says whether the card may have been charged all the same: 'no' when the provider
 * refused the request itself, 'unknown' when the answer was lost (a timeout, a dropped connection,
 * a server error), in which case only a lookup can tell.
 */
export class GatewayUnavailableError extends Error {
  constructor(
    message: string,
    readonly charged: 'no' | 'unknown' = 'unknown',
  ) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}
