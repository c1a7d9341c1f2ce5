import { responseOf, toFormData } from '../../api/http';
import { createAppAsyncThunkRejecting } from '../../app/hooks';
import { i18n } from '../../i18n';
import { cartEmptied } from '../cart';
import type { SafetyConflict } from '../prescriptions';

/** What a failure says when the server gave no message (or no answer), in the page's language. */
const fallbackFailure = () => i18n.t('failed', { ns: 'checkout' });

export interface CardForm {
  number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
  currency: string;
  location: string;
  country: string;
  government: string;
}

export interface CheckoutFailure {
  message: string;
  /** The server answered: this attempt is over and the next one needs a new key. */
  answered: boolean;
  /** The cart's current total when the server refused because it changed since the buyer saw it (409). */
  total?: number;
  /** Clashes with her allergies or current medicines (409): she must acknowledge them to go on. */
  conflicts?: SafetyConflict[];
}

/** The server's message, or the fixed fallback when there is none (no answer, or an answer without one). */
export function checkoutFailure(error: unknown): CheckoutFailure {
  const response = responseOf(error);
  if (response) {
    const data = response.data as { message?: unknown; total?: unknown; conflicts?: unknown } | undefined;
    const message = typeof data?.message === 'string' && data.message ? data.message : fallbackFailure();
    const conflict = response.status === 409;
    const total = conflict && typeof data?.total === 'number' ? data.total : undefined;
    const conflicts = conflict && Array.isArray(data?.conflicts) && data.conflicts.length ? (data.conflicts as SafetyConflict[]) : undefined;
    return { message, answered: true, ...(total === undefined ? {} : { total }), ...(conflicts ? { conflicts } : {}) };
  }
  return { message: fallbackFailure(), answered: false };
}

export interface PlacedOrder {
  message: string;
  /** 202: the provider's answer is being confirmed; the orders appear once it is, and the cart stays until then. */
  confirming: boolean;
  /** The order number of a paid checkout; empty while it is being confirmed. */
  orderNumber: string;
}

/**
 * Pays for the cart. The key stays the same for retries of one attempt, so a request repeated
 * after a lost answer can never charge twice. `expectedTotal` is the total the buyer saw: the server
 * refuses (409, with the new total) when the cart costs something else now, and (409, with `conflicts`)
 * when a product clashes with her allergies or current medicines until she acknowledges the warning.
 */
export const placeOrder = createAppAsyncThunkRejecting<CheckoutFailure>()(
  'checkout/placeOrder',
  async (
    { card, key, expectedTotal, acknowledgeWarnings = false }: { card: CardForm; key: string; expectedTotal: number; acknowledgeWarnings?: boolean },
    { extra, dispatch, rejectWithValue },
  ) => {
    try {
      const body: Record<string, string> = { ...card, expectedTotal: String(expectedTotal) };
      // Sent only after she read the safety warning and chose to go on; the server records it on the orders.
      if (acknowledgeWarnings) body.acknowledgeWarnings = 'true';
      if (!body.country) delete body.country;
      if (!body.government) delete body.government;
      const { data, status } = await extra.http.post<{ message: string; payment?: { orderNumber?: string } | null }>('checkout', toFormData(body), {
        headers: { 'Idempotency-Key': key },
      });
      const placed: PlacedOrder = { message: data.message, confirming: status === 202, orderNumber: data.payment?.orderNumber ?? '' };
      if (!placed.confirming) dispatch(cartEmptied());
      return placed;
    } catch (error) {
      return rejectWithValue(checkoutFailure(error));
    }
  },
);
