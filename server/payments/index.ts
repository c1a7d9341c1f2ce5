import type { Config } from '../config.js';
import type { PaymentGateway } from './gateway.js';
import { sandboxGateway } from './sandbox.js';
import { stripeGateway } from './stripe.js';

export type { PaymentGateway } from './gateway.js';

/** The sandbox unless Stripe is configured with a key. */
export function gatewayFor(config: Pick<Config, 'paymentProvider' | 'stripeSecretKey'>): PaymentGateway {
  if (config.paymentProvider === 'stripe' && config.stripeSecretKey) return stripeGateway(config.stripeSecretKey);
  return sandboxGateway();
}
