import { createSlice } from '@reduxjs/toolkit';
import { messageOf } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import { shopParams, type Category, type ProductDetail, type ProductSummary, type ShopFilters } from './types';

import type { RequestStatus } from '../../api/requestStatus';

interface ShopState {
  products: ProductSummary[];
  page: number;
  pages: number;
  results: number;
  status: RequestStatus;
  error: string | null;
  /** Only the newest list request may fill the list, so a slow page cannot overwrite filter results. */
  listRequest: string | null;
  categories: Category[];
  categoriesError: string | null;
  product: ProductDetail | null;
  productStatus: RequestStatus;
  productError: string | null;
  related: ProductSummary[];
}

const initialState: ShopState = {
  products: [],
  page: 1,
  pages: 1,
  results: 0,
  status: 'idle',
  error: null,
  listRequest: null,
  categories: [],
  categoriesError: null,
  product: null,
  productStatus: 'idle',
  productError: null,
  related: [],
};

const arrayOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** One page of the catalogue as the filters and sort ask; the server searches, sorts and pages. */
export const fetchProducts = createAppAsyncThunk(
  'shop/fetchPage',
  async ({ filters, page }: { filters: ShopFilters; page: number }, { extra, rejectWithValue }) => {
    try {
      const params = Object.fromEntries(shopParams(filters, page));
      const { data } = await extra.http.get<{ products: ProductSummary[]; page: number; pages: number; results: number }>('medicines/', {
        params: { page, ...params },
      });
      return { products: arrayOf<ProductSummary>(data.products), page: data.page, pages: data.pages, results: data.results };
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

export const fetchCategories = createAppAsyncThunk('shop/categories', async (_: void, { extra, signal, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ categories: Category[] }>('category', { signal });
    return arrayOf<Category>(data.categories);
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const fetchProduct = createAppAsyncThunk('shop/product', async (slug: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ product: ProductDetail }>('medicine/', { params: { product: slug } });
    return { ...data.product, photos: arrayOf<ProductDetail['photos'][number]>(data.product.photos) };
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const fetchRelated = createAppAsyncThunk('shop/related', async (slug: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ products: ProductSummary[] }>('medicines/related/', { params: { product: slug } });
    return arrayOf<ProductSummary>(data.products);
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchProducts.pending, (state, action) => {
        state.status = 'loading';
        state.error = null;
        state.listRequest = action.meta.requestId;
      })
      .addCase(fetchProducts.fulfilled, (state, action) => {
        if (state.listRequest !== action.meta.requestId) return;
        state.status = 'succeeded';
        Object.assign(state, action.payload);
      })
      .addCase(fetchProducts.rejected, (state, action) => {
        if (state.listRequest !== action.meta.requestId) return;
        state.status = 'failed';
        state.error = action.payload ?? 'The products could not be loaded';
      })
      .addCase(fetchCategories.fulfilled, (state, action) => {
        state.categories = action.payload;
        state.categoriesError = null;
      })
      .addCase(fetchCategories.rejected, (state, action) => {
        // A page left before the categories came is no failure.
        if (action.meta.aborted) return;
        state.categoriesError = action.payload ?? 'The categories could not be loaded';
      })
      .addCase(fetchProduct.pending, (state) => {
        state.productStatus = 'loading';
        state.productError = null;
        state.product = null;
        state.related = [];
      })
      .addCase(fetchProduct.fulfilled, (state, action) => {
        state.productStatus = 'succeeded';
        state.product = action.payload;
      })
      .addCase(fetchProduct.rejected, (state, action) => {
        state.productStatus = 'failed';
        state.productError = action.payload ?? 'This product could not be loaded';
      })
      .addCase(fetchRelated.fulfilled, (state, action) => {
        state.related = action.payload;
      });
  },
  selectors: {
    selectShop: (state) => state,
  },
});

export const { selectShop } = shopSlice.selectors;
