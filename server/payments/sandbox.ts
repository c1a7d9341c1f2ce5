import { createHash } from 'node:crypto';
import type { DB } from '../db/index.js';
import type { SandboxLedgerTable } from '../db/schema.js';
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

const referenceOf = (prefix: string, key: string) => `${prefix}${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/**
 * The default gateway: no network, no money. It checks the card the way a real provider would
 * (Luhn, expiry, CVC) and approves or declines by number, so the whole purchase path can be used
 * and tested offline. Like a real provider it keeps what it did on its own side, the table
 * sandbox_ledger (one row per idempotency key), so every instance and a restarted process find the
 * same charges: settling a lost checkout by asking the provider works across instances and crashes.
 * Its statements run on their own, never inside the app's transactions, as a provider's call would.
 */
export function sandboxGateway(db: DB, now: () => Date = () => new Date()): PaymentGateway {
  const ledger = {
    byKey: (key: string) => db.selectFrom('sandbox_ledger').selectAll().where('idempotency_key', '=', key).executeTakeFirst(),
    /** The first write of a key wins; a repeat with the same key reads what the first wrote. */
    async record(row: SandboxLedgerTable): Promise<SandboxLedgerTable> {
      await db
        .insertInto('sandbox_ledger')
        .values(row)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return (await ledger.byKey(row.idempotency_key)) ?? row;
    },
  };
  const asCharge = (row: SandboxLedgerTable): ChargeResult =>
    row.status === 'approved' ? { status: 'approved', reference: row.reference } : { status: 'declined', message: row.message };

  return {
    name: 'sandbox',
    charge: (request: ChargeRequest): Promise<ChargeResult> =>
      reachable(async () => {
        const result = decide(request, now());
        const row = await ledger.record({
          idempotency_key: request.idempotencyKey,
          kind: 'charge',
          status: result.status,
          reference: result.status === 'approved' ? result.reference : '',
          message: result.status === 'declined' ? result.message : '',
          amount_cents: request.amountCents,
          charge_reference: '',
          created_at: now().toISOString(),
        });
        return asCharge(row);
      }),
    lookup: (idempotencyKey: string): Promise<LookupResult> =>
      reachable(async () => {
        const row = await ledger.byKey(idempotencyKey);
        return row?.kind === 'charge' ? asCharge(row) : { status: 'not_found' };
      }),
    refund: (request: RefundRequest): Promise<RefundResult> =>
      reachable(async () => {
        const done = await ledger.byKey(request.idempotencyKey);
        // Like a provider's idempotent answer: the same key always gives the same refund, sent once.
        if (done?.kind === 'refund') return { reference: done.reference };
        if (request.amountCents <= 0) throw new GatewayUnavailableError('A refund must be greater than zero', 'no');
        const charge = await db
          .selectFrom('sandbox_ledger')
          .select('amount_cents')
          .where('kind', '=', 'charge')
          .where('status', '=', 'approved')
          .where('reference', '=', request.chargeReference)
          .executeTakeFirst();
        if (!charge) throw new GatewayUnavailableError('The sandbox did not make this charge', 'no');
        const refunded = await db
          .selectFrom('sandbox_ledger')
          .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('cents'))
          .where('kind', '=', 'refund')
          .where('charge_reference', '=', request.chargeReference)
          .executeTakeFirst();
        if (Number(refunded?.cents ?? 0) + request.amountCents > Number(charge.amount_cents)) {
          throw new GatewayUnavailableError('The sandbox does not refund more than was charged', 'no');
        }
        const row = await ledger.record({
          idempotency_key: request.idempotencyKey,
          kind: 'refund',
          status: 'refunded',
          reference: referenceOf('sandbox_re_', request.idempotencyKey),
          message: '',
          amount_cents: request.amountCents,
          charge_reference: request.chargeReference,
          created_at: now().toISOString(),
        });
        return { reference: row.reference };
      }),
  };
}

/** Its ledger out of reach is the provider out of reach: whether a charge or refund was written is then unknown. */
async function reachable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw error;
    throw new GatewayUnavailableError(`The sandbox could not reach its ledger (${error instanceof Error ? error.message : 'error'})`, 'unknown');
  }
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
  return { status: 'approved', reference: referenceOf('sandbox_', request.idempotencyKey) };
}
