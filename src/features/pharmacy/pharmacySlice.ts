import { createSlice } from '@reduxjs/toolkit';
import { toFormData } from '../../api/http';
import { addLoadableCases, arrayOf, notLoaded, type Loadable } from '../../app/loadable';
import type { RootState } from '../../app/rootReducer';
import { createServerThunk } from '../../app/serverThunk';
import { logout } from '../session';
import type { OwnProduct, ReceivedOrder } from './types';

/** A pharmacist's own products and the orders received for them. */
interface PharmacyState {
  products: Loadable<OwnProduct[]>;
  received: Loadable<ReceivedOrder[]>;
}

const initialState: PharmacyState = { products: notLoaded(), received: notLoaded() };

export const fetchOwnProducts = createServerThunk('pharmacy/products', async (_: void, { extra, signal }) => {
  const { data } = await extra.http.get<{ products?: unknown }>('medicines/mine', { signal });
  return arrayOf<OwnProduct>(data.products);
});

/** Lists a new product, or changes the one whose `slug` is given; answers the server's confirmation. */
export const saveProduct = createServerThunk(
  'pharmacy/saveProduct',
  async ({ slug, fields }: { slug?: string; fields: Parameters<typeof toFormData>[0] }, { extra }) => {
    const body = toFormData(fields);
    const { data } = slug
      ? await extra.http.patch<{ message: string }>('medicine/', body, { params: { product: slug } })
      : await extra.http.post<{ message: string }>('medicines', body);
    return data.message;
  },
);

export const deleteProduct = createServerThunk('pharmacy/deleteProduct', async (slug: string, { extra }) => {
  const { data } = await extra.http.delete<{ message: string }>('medicine/', { params: { product: slug } });
  return data.message;
});

export const fetchReceivedOrders = createServerThunk('pharmacy/received', async (_: void, { extra, signal }) => {
  const { data } = await extra.http.get<{ orders?: unknown }>('orders/received', { signal });
  return arrayOf<ReceivedOrder>(data.orders);
});

/** Moves a received order to its next status; a refusal carries the reason the buyer will read. */
export const moveReceivedOrder = createServerThunk(
  'pharmacy/moveOrder',
  async ({ id, status, reason }: { id: string; status: string; reason?: string }, { extra }) => {
    const { data } = await extra.http.patch<{ message: string; order: ReceivedOrder }>('orders/status/', toFormData({ status, reason }), {
      params: { order: id },
    });
    return data;
  },
);

export const pharmacySlice = createSlice({
  name: 'pharmacy',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadableCases(builder, fetchOwnProducts, (state) => state.products, { onFailure: [], failedText: 'Your products could not be loaded' });
    addLoadableCases(builder, fetchReceivedOrders, (state) => state.received, { onFailure: [], failedText: 'The orders could not be loaded' });
    builder
      .addCase(moveReceivedOrder.fulfilled, (state, { payload, meta }) => {
        // The row shows the order as the server now has it (its new status and next steps).
        state.received.data = (state.received.data ?? []).map((o) => (o._id === meta.arg.id ? payload.order : o));
      })
      // One pharmacist's orders are not shown to the next one signing in at this browser.
      .addCase(logout.fulfilled, () => initialState);
  },
});

export const selectOwnProducts = (state: RootState) => state.pharmacy.products;
export const selectReceivedOrders = (state: RootState) => state.pharmacy.received;
