import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import type { Cart } from './types';

import type { RequestStatus } from '../../api/requestStatus';

interface CartState {
  /** null when the cart is empty (the server answers `cart: []`). */
  cart: Cart | null;
  status: RequestStatus;
  error: string | null;
  /** The slug of the line being changed, so its buttons can wait. */
  updating: string | null;
  /** The product last put in the cart and when, for the mini-cart toast. */
  lastAdded: { slug: string; at: number } | null;
}

const initialState: CartState = { cart: null, status: 'idle', error: null, updating: null, lastAdded: null };

const nonEmpty = (cart: Cart | undefined | null): Cart | null => (cart && Array.isArray(cart.products) && cart.products.length ? cart : null);

export const fetchCart = createAppAsyncThunk('cart/fetch', async (_: void, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ cart: Cart[] }>('cart');
    return nonEmpty(Array.isArray(data.cart) ? data.cart[0] : null);
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** Sets one product's absolute quantity (0 takes it out) and replaces the cart with the answer. */
export const setCartQuantity = createAppAsyncThunk(
  'cart/set',
  async ({ product, quantity }: { product: string; quantity: number }, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<{ cart: Cart }>('cart', toFormData({ product, quantity }));
      return nonEmpty(data.cart);
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

export const removeCartLine = createAppAsyncThunk('cart/remove', async (product: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.delete<{ cart: Cart }>('cart/', { params: { product } });
    return nonEmpty(data.cart);
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** After a purchase the server has emptied the cart. */
    cartEmptied(state) {
      state.cart = null;
    },
    cartItemAdded(state, action: PayloadAction<string>) {
      state.lastAdded = { slug: action.payload, at: Date.now() };
    },
    miniCartClosed(state) {
      state.lastAdded = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCart.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchCart.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.cart = action.payload;
      })
      .addCase(fetchCart.rejected, (state, action) => {
        state.status = 'failed';
        state.cart = null;
        state.error = action.payload ?? null;
      });
    for (const thunk of [setCartQuantity, removeCartLine]) {
      builder
        .addCase(thunk.pending, (state, action) => {
          state.updating = typeof action.meta.arg === 'string' ? action.meta.arg : action.meta.arg.product;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state.updating = null;
          state.status = 'succeeded';
          state.cart = action.payload;
        })
        .addCase(thunk.rejected, (state) => {
          state.updating = null;
        });
    }
  },
  selectors: {
    selectCart: (state) => state.cart,
    selectCartStatus: (state) => state.status,
    selectCartError: (state) => state.error,
    selectCartUpdating: (state) => state.updating,
    selectCartCount: (state) => state.cart?.products.length ?? 0,
    selectLastAdded: (state) => state.lastAdded,
  },
});

export const { cartEmptied, cartItemAdded, miniCartClosed } = cartSlice.actions;
export const { selectCart, selectCartStatus, selectCartError, selectCartUpdating, selectCartCount, selectLastAdded } = cartSlice.selectors;
