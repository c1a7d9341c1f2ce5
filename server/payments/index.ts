import type { Config } from '../config.js';
import type { DB } from '../db/index.js';
import type { PaymentGateway } from './gateway.js';
import { sandboxGateway } from './sandbox.js';
import { stripeGateway } from './stripe.js';

export type { PaymentGateway } from './gateway.js';

/** The sandbox (keeping its ledger in `db`, on the provider's side) unless Stripe is configured with a key. */
export function gatewayFor(config: Pick<Config, 'paymentProvider' | 'stripeSecretKey'>, db: DB): PaymentGateway {
  if (config.paymentProvider === 'stripe' && config.stripeSecretKey) return stripeGateway(config.stripeSecretKey);
  return sandboxGateway(db);
}
