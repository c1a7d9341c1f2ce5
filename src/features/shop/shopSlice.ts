import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import { emptyFilters, type Category, type ProductDetail, type ProductSummary, type ShopFilters } from './types';

type Status = 'idle' | 'loading' | 'succeeded' | 'failed';

interface ShopState {
  products: ProductSummary[];
  page: number;
  pages: number;
  results: number;
  /** Filtered results replace the paged list while a filter is set. */
  found: ProductSummary[] | null;
  filters: ShopFilters;
  status: Status;
  error: string | null;
  /** Only the newest list request may fill the list, so a slow page cannot overwrite filter results. */
  listRequest: string | null;
  categories: Category[];
  categoriesError: string | null;
  product: ProductDetail | null;
  productStatus: Status;
  productError: string | null;
  related: ProductSummary[];
}

const initialState: ShopState = {
  products: [],
  page: 1,
  pages: 1,
  results: 0,
  found: null,
  filters: emptyFilters,
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

export const fetchProducts = createAppAsyncThunk('shop/fetchPage', async (page: number, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ products: ProductSummary[]; page: number; pages: number; results: number }>('medicines/', { params: { page } });
    return { products: arrayOf<ProductSummary>(data.products), page: data.page, pages: data.pages, results: data.results };
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const findProducts = createAppAsyncThunk('shop/find', async (filters: ShopFilters, { extra, rejectWithValue }) => {
  try {
    const params = { name: filters.name.trim(), minPrice: filters.minPrice, maxPrice: filters.maxPrice, category: filters.category, pharmacy: filters.pharmacy.trim() };
    const { data } = await extra.http.post<{ product: ProductSummary[] }>('medicines/find/', toFormData({}), { params });
    return arrayOf<ProductSummary>(data.product);
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const fetchCategories = createAppAsyncThunk('shop/categories', async (_: void, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ categories: Category[] }>('category');
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
  reducers: {
    filtersChanged(state, action: PayloadAction<Partial<ShopFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
    },
    filtersCleared(state) {
      state.filters = emptyFilters;
      state.found = null;
    },
  },
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
        state.found = null;
      })
      .addCase(fetchProducts.rejected, (state, action) => {
        if (state.listRequest !== action.meta.requestId) return;
        state.status = 'failed';
        state.error = action.payload ?? 'The products could not be loaded';
      })
      .addCase(findProducts.pending, (state, action) => {
        state.status = 'loading';
        state.error = null;
        state.listRequest = action.meta.requestId;
      })
      .addCase(findProducts.fulfilled, (state, action) => {
        if (state.listRequest !== action.meta.requestId) return;
        state.status = 'succeeded';
        state.found = action.payload;
      })
      .addCase(findProducts.rejected, (state, action) => {
        if (state.listRequest !== action.meta.requestId) return;
        state.status = 'failed';
        state.error = action.payload ?? 'The products could not be loaded';
      })
      .addCase(fetchCategories.fulfilled, (state, action) => {
        state.categories = action.payload;
        state.categoriesError = null;
      })
      .addCase(fetchCategories.rejected, (state, action) => {
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

export const { filtersChanged, filtersCleared } = shopSlice.actions;
export const { selectShop } = shopSlice.selectors;
