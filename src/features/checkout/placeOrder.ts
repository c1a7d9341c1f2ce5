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

/** The server's message, or the fixed fallback when there is none (no answer, or an answer without one). */
export function checkoutFailure(error: unknown): { message: string; answered: boolean } {
  if (error instanceof AxiosError && error.response) {
    const data = error.response.data as { message?: unknown } | undefined;
    return { message: typeof data?.message === 'string' && data.message ? data.message : fallbackFailure, answered: true };
  }
  return { message: fallbackFailure, answered: false };
}

/**
 * Pays for the cart. The key stays the same for retries of one attempt, so a request repeated
 * after a lost answer can never charge twice.
 */
export const placeOrder = createAppAsyncThunk(
  'checkout/placeOrder',
  async ({ card, key }: { card: CardForm; key: string }, { extra, dispatch, rejectWithValue }) => {
    try {
      const body: Record<string, string> = { ...card };
      if (!body.country) delete body.country;
      if (!body.government) delete body.government;
      const { data } = await extra.http.post<{ message: string; payment?: { orderNumber?: string } | null }>('checkout', toFormData(body), {
        headers: { 'Idempotency-Key': key },
      });
      dispatch(cartEmptied());
      return { message: data.message, orderNumber: data.payment?.orderNumber ?? '' };
    } catch (error) {
      const failure = checkoutFailure(error);
      return rejectWithValue(JSON.stringify(failure));
    }
  },
);
