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

/** A payment provider. `charge` is a network call: never call it inside a database transaction. */
export interface PaymentGateway {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Sends money of an approved charge back to the card. A network call too: never inside a transaction. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** The provider could not be reached or answered with an error that is not about the card. */
export class GatewayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}
