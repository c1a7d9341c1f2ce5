import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.js';
import { openDatabase, type OpenedDatabase } from '../../server/db/index.js';
import { checkoutService } from '../../server/modules/checkout/service.js';
import { sweepCheckouts } from '../../server/modules/checkout/sweeper.js';
import { GatewayUnavailableError, type PaymentGateway } from '../../server/payments/gateway.js';
import { gatewayFor } from '../../server/payments/index.js';
import type { App } from '../../server/types.js';
import { signUpAndLogin, type TestServer } from './helpers.js';
import { cardForm, declinedCard, listProduct, setCart, startShop } from './shop-helpers.js';

/**
 * The card sandbox keeps its charges on its own side (in the database), as a real provider does:
 * a charge made by one instance is found by another instance's settle-by-asking, and by a
 * restarted process. Two apps share one database (SQLite file or PostgreSQL); the other
 * instance's payment code is loaded afresh, as in a process of its own.
 */
/** The first request of a file is slow on a busy machine (modules and the image pipeline load). */
const slow = 120_000;
let server: TestServer;
let pharmacist: { token: string };
let other: { app: App; database: OpenedDatabase };
beforeAll(async () => {
  ({ server, pharmacist } = await startShop());
  const database = openDatabase(server.config);
  other = { app: await buildApp({ config: server.config, database, logger: false }), database };
  await other.app.ready();
});
afterAll(async () => {
  await other?.app.close();
  await other?.database.db.destroy();
  await server?.close();
});

/** The other instance's gateway, from payment code loaded afresh (nothing shared in memory with this one). */
async function otherInstanceGateway(): Promise<PaymentGateway> {
  vi.resetModules();
  const fresh = (await import('../../server/payments/index.js')) as typeof import('../../server/payments/index.js');
  return fresh.gatewayFor(other.app.config, other.app.db);
}

const viewerOf = (user: { id: string; token: string }) => ({
  id: user.id,
  role: 'patient' as const,
  name: 'Buyer',
  status: 'approved' as const,
  jti: 'x',
  token: user.token,
});
const checkoutsOf = (userId: string) => server.database.db.selectFrom('checkouts').selectAll().where('user_id', '=', userId).execute();
const paymentsOf = (userId: string) => server.database.db.selectFrom('payments').select('id').where('user_id', '=', userId).execute();

/** This instance charges the card; the answer never reaches the checkout (the instance dies right after). */
async function chargedThenLost(card: Record<string, string> = {}) {
  const buyer = await signUpAndLogin(server.app, 'patient');
  const p = await listProduct(server.app, pharmacist.token, { name: 'Two Instances', price: '6', quantity: '5' });
  await setCart(server.app, buyer.token, p.slug, 1);
  const sandbox = gatewayFor(server.app.config, server.app.db);
  const dies: PaymentGateway = {
    ...sandbox,
    async charge(request) {
      await sandbox.charge(request);
      throw new GatewayUnavailableError('the instance died', 'unknown');
    },
  };
  await checkoutService(server.app, dies).checkout(viewerOf(buyer), cardForm(card), `two-instances-${buyer.id}`);
  // As a process killed between the approval and its record leaves it: still pending, three minutes on.
  const old = new Date(Date.now() - 3 * 60_000).toISOString();
  await server.database.db
    .updateTable('checkouts')
    .set({ status: 'pending', status_code: 0, message: '', created_at: old, updated_at: old })
    .where('user_id', '=', buyer.id)
    .execute();
  return buyer;
}

describe('the sandbox’s charges are seen by every instance', () => {
  it(
    'another instance’s sweeper finds the charge and records the payment, never "not charged"',
    async () => {
      const buyer = await chargedThenLost();
      expect(await sweepCheckouts(other.app, await otherInstanceGateway())).toBe(1);
      expect((await checkoutsOf(buyer.id)).map((c) => c.status)).toEqual(['paid']);
      expect(await paymentsOf(buyer.id)).toHaveLength(1);
    },
    slow,
  );

  it(
    'another instance finds a declined charge declined, and a key never charged unknown',
    async () => {
      const buyer = await chargedThenLost({ number: declinedCard });
      const gateway = await otherInstanceGateway();
      // The provider knows a charge by the checkout's id, its idempotency key.
      const [attempt] = await checkoutsOf(buyer.id);
      expect(await gateway.lookup(attempt!.id)).toEqual({ status: 'declined', message: 'Your card was declined.' });
      expect(await gateway.lookup('never-charged-on-any-instance')).toEqual({ status: 'not_found' });
    },
    slow,
  );

  it(
    'a refund sent again from another instance with the same key refunds once, and never more than was charged',
    async () => {
      const here = gatewayFor(server.app.config, server.app.db);
      const charged = await here.charge({
        amountCents: 1000,
        currency: 'usd',
        card: { number: '4242424242424242', expMonth: 8, expYear: 2099, cvc: '123' },
        idempotencyKey: 'two-instances-charge',
        description: 'test',
      });
      expect(charged.status).toBe('approved');
      const reference = charged.status === 'approved' ? charged.reference : '';
      const there = await otherInstanceGateway();
      const first = await here.refund({ chargeReference: reference, amountCents: 600, idempotencyKey: 'two-instances-refund' });
      const again = await there.refund({ chargeReference: reference, amountCents: 600, idempotencyKey: 'two-instances-refund' });
      expect(again).toEqual(first);
      const rows = await server.database.db.selectFrom('sandbox_ledger').selectAll().where('charge_reference', '=', reference).execute();
      expect(rows).toHaveLength(1);
      await expect(there.refund({ chargeReference: reference, amountCents: 600, idempotencyKey: 'two-instances-refund-2' })).rejects.toThrow(/more than/);
    },
    slow,
  );
});
