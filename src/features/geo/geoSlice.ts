import { createSlice } from '@reduxjs/toolkit';
import { messageOf } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import type { RootState } from '../../app/rootReducer';
import type { Place } from './types';

import type { RequestStatus } from '../../api/requestStatus';

/** One list from the server and where its request stands. */
export interface PlaceList {
  status: RequestStatus;
  items: Place[];
  error: string | null;
}

interface GeoState {
  countries: PlaceList;
  /** Governments by country code, fetched the first time a form picks that country. */
  states: Record<string, PlaceList>;
}

const emptyList: PlaceList = { status: 'idle', items: [], error: null };
const initialState: GeoState = { countries: emptyList, states: {} };

/** A list already here or on its way is not asked for again; a failed one is. */
const needed = (list: PlaceList | undefined) => !list || list.status === 'idle' || list.status === 'failed';

/** The countries the forms offer (the server leaves out those the portal does not serve). */
export const fetchCountries = createAppAsyncThunk(
  'geo/fetchCountries',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ countries: Place[] }>('geo/countries');
      return Array.isArray(data.countries) ? data.countries : [];
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
  { condition: (_, { getState }) => needed(getState().geo.countries) },
);

/** The governments of one country, by its ISO code. */
export const fetchStates = createAppAsyncThunk(
  'geo/fetchStates',
  async (code: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ states: Place[] }>(`geo/countries/${encodeURIComponent(code)}/states`);
      return Array.isArray(data.states) ? data.states : [];
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
  { condition: (code, { getState }) => needed(getState().geo.states[code]) },
);

export const geoSlice = createSlice({
  name: 'geo',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCountries.pending, (state) => {
        state.countries = { ...state.countries, status: 'loading', error: null };
      })
      .addCase(fetchCountries.fulfilled, (state, action) => {
        state.countries = { status: 'succeeded', items: action.payload, error: null };
      })
      .addCase(fetchCountries.rejected, (state, action) => {
        state.countries = { ...state.countries, status: 'failed', error: action.payload ?? 'The countries could not be loaded' };
      })
      .addCase(fetchStates.pending, (state, action) => {
        state.states[action.meta.arg] = { ...(state.states[action.meta.arg] ?? emptyList), status: 'loading', error: null };
      })
      .addCase(fetchStates.fulfilled, (state, action) => {
        state.states[action.meta.arg] = { status: 'succeeded', items: action.payload, error: null };
      })
      .addCase(fetchStates.rejected, (state, action) => {
        state.states[action.meta.arg] = {
          ...(state.states[action.meta.arg] ?? emptyList),
          status: 'failed',
          error: action.payload ?? 'The governments could not be loaded',
        };
      });
  },
});

export const selectCountries = (state: RootState) => state.geo.countries;
/** The governments of a country; an empty idle list before a country is chosen or fetched. */
export const selectStatesOf = (state: RootState, code: string | undefined) => (code ? state.geo.states[code] : undefined) ?? emptyList;
