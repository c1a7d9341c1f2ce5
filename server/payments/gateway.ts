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

/** A charge call gives up after this long; a checkout cannot be in flight much longer than this. */
export const chargeTimeoutMs = 30_000;

/** A payment provider. `charge` is a network call: never call it inside a database transaction. */
export interface PaymentGateway {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** The provider could not be reached or answered with an error that is not about the card. */
export class GatewayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}
