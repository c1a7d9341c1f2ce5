import { createSlice } from '@reduxjs/toolkit';
import { addLoadableCases, arrayOf, notLoaded, type Loadable } from '../../app/loadable';
import type { RootState } from '../../app/rootReducer';
import { createServerThunk } from '../../app/serverThunk';
import { logout } from '../session';
import type { OrderLine, Payment } from './types';

/** Settings → Orders and Payments: the signed-in person's order lines and the cards she paid with. */
interface OrderHistoryState {
  orders: Loadable<OrderLine[]>;
  payments: Loadable<Payment[]>;
}

const initialState: OrderHistoryState = { orders: notLoaded(), payments: notLoaded() };

export const fetchOrderLines = createServerThunk('orderHistory/orders', async (_: void, { extra, signal }) => {
  const { data } = await extra.http.get<{ orders?: unknown }>('orders/user', { signal });
  return arrayOf<OrderLine>(data.orders);
});

export const fetchPayments = createServerThunk('orderHistory/payments', async (_: void, { extra, signal }) => {
  const { data } = await extra.http.get<{ payments?: unknown }>('payments', { signal });
  return arrayOf<Payment>(data.payments);
});

export const orderHistorySlice = createSlice({
  name: 'orderHistory',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadableCases(builder, fetchOrderLines, (state) => state.orders, { onFailure: [], failedText: 'The orders could not be loaded' });
    addLoadableCases(builder, fetchPayments, (state) => state.payments, { onFailure: [], failedText: 'The payments could not be loaded' });
    // One person's orders are not shown to the next one signing in at this browser.
    builder.addCase(logout.fulfilled, () => initialState);
  },
});

export const selectOrderLines = (state: RootState) => state.orderHistory.orders;
export const selectPayments = (state: RootState) => state.orderHistory.payments;
