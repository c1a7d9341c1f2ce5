import { createSlice } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import { fetchCart } from '../cart';
import type { OrderDetail, ReorderAnswer } from './types';

import type { RequestStatus } from '../../api/requestStatus';

interface OrderState {
  order: OrderDetail | null;
  status: RequestStatus;
  error: string | null;
  /** The server's words after cancel or reorder; shown only once the server has answered. */
  notice: { kind: 'success' | 'warning' | 'danger'; text: string; unavailable?: ReorderAnswer['unavailable'] } | null;
  busy: boolean;
}

const initialState: OrderState = { order: null, status: 'idle', error: null, notice: null, busy: false };
const path = (number: string) => `orders/${encodeURIComponent(number)}`;

export const fetchOrder = createAppAsyncThunk('order/fetch', async (number: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ order: OrderDetail }>(path(number));
    return data.order;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** Cancels while pending, or sends again a refund that did not go through. */
export const cancelOrder = createAppAsyncThunk('order/cancel', async (number: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.post<{ message: string; refundPending: boolean; order: OrderDetail }>(`${path(number)}/cancel`, toFormData({}));
    return data;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** Puts the order's products back in the cart; the cart badge follows. */
export const reorderOrder = createAppAsyncThunk('order/reorder', async (number: string, { extra, dispatch, rejectWithValue }) => {
  try {
    const { data } = await extra.http.post<ReorderAnswer>(`${path(number)}/reorder`, toFormData({}));
    void dispatch(fetchCart());
    return data;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const orderSlice = createSlice({
  name: 'order',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchOrder.pending, (state) => {
        state.status = 'loading';
        state.error = null;
        state.notice = null;
      })
      .addCase(fetchOrder.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.order = action.payload;
      })
      .addCase(fetchOrder.rejected, (state, action) => {
        state.status = 'failed';
        state.order = null;
        state.error = action.payload ?? 'This order could not be loaded';
      })
      .addCase(cancelOrder.fulfilled, (state, action) => {
        state.busy = false;
        state.order = action.payload.order;
        state.notice = { kind: action.payload.refundPending ? 'warning' : 'success', text: action.payload.message };
      })
      .addCase(reorderOrder.fulfilled, (state, action) => {
        state.busy = false;
        state.notice = { kind: action.payload.added.length ? 'success' : 'warning', text: action.payload.message, unavailable: action.payload.unavailable };
      });
    for (const thunk of [cancelOrder, reorderOrder]) {
      builder
        .addCase(thunk.pending, (state) => {
          state.busy = true;
          state.notice = null;
        })
        .addCase(thunk.rejected, (state, action) => {
          state.busy = false;
          state.notice = { kind: 'danger', text: action.payload ?? 'Something went wrong; please try again' };
        });
    }
  },
  selectors: {
    selectOrder: (state) => state,
  },
});

export const { selectOrder } = orderSlice.selectors;
