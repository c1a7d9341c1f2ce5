import { AxiosError } from 'axios';
import { toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import { cartEmptied } from '../cart/cartSlice';

export const fallbackFailure = 'An error occurred, try again later!';

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
}

/** The server's message, or the fixed fallback when there is none (no answer, or an answer without one). */
export function checkoutFailure(error: unknown): CheckoutFailure {
  if (error instanceof AxiosError && error.response) {
    const data = error.response.data as { message?: unknown; total?: unknown } | undefined;
    const message = typeof data?.message === 'string' && data.message ? data.message : fallbackFailure;
    const total = error.response.status === 409 && typeof data?.total === 'number' ? data.total : undefined;
    return { message, answered: true, ...(total === undefined ? {} : { total }) };
  }
  return { message: fallbackFailure, answered: false };
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
 * refuses (409, with the new total) when the cart costs something else now.
 */
export const placeOrder = createAppAsyncThunk(
  'checkout/placeOrder',
  async ({ card, key, expectedTotal }: { card: CardForm; key: string; expectedTotal: number }, { extra, dispatch, rejectWithValue }) => {
    try {
      const body: Record<string, string> = { ...card, expectedTotal: String(expectedTotal) };
      if (!body.country) delete body.country;
      if (!body.government) delete body.government;
      const { data, status } = await extra.http.post<{ message: string; payment?: { orderNumber?: string } | null }>('checkout', toFormData(body), {
        headers: { 'Idempotency-Key': key },
      });
      const placed: PlacedOrder = { message: data.message, confirming: status === 202, orderNumber: data.payment?.orderNumber ?? '' };
      if (!placed.confirming) dispatch(cartEmptied());
      return placed;
    } catch (error) {
      const failure = checkoutFailure(error);
      return rejectWithValue(JSON.stringify(failure));
    }
  },
);
