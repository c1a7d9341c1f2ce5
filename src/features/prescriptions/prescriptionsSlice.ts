import { createSlice } from '@reduxjs/toolkit';
import { messageOf } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import { fetchCart } from '../cart/cartSlice';
import type { Prescription, ToCartAnswer } from './types';

type Status = 'idle' | 'loading' | 'succeeded' | 'failed';

interface PrescriptionsState {
  list: Prescription[];
  listStatus: Status;
  listError: string | null;
  current: Prescription | null;
  currentStatus: Status;
  currentError: string | null;
  /** The server's answer to "Buy prescribed medicines"; set only once it answered. */
  bought: ToCartAnswer | null;
  buying: boolean;
  buyError: string | null;
}

const initialState: PrescriptionsState = {
  list: [], listStatus: 'idle', listError: null,
  current: null, currentStatus: 'idle', currentError: null,
  bought: null, buying: false, buyError: null,
};

/** The signed-in patient's prescriptions (newest first), or with `patient` one patient's for her doctor. */
export const fetchPrescriptions = createAppAsyncThunk('prescriptions/list', async (patient: string | undefined, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ prescriptions: Prescription[] }>('prescriptions', { params: patient ? { patient } : {} });
    return data.prescriptions;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const fetchPrescription = createAppAsyncThunk('prescriptions/one', async (id: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ prescription: Prescription }>(`prescriptions/${encodeURIComponent(id)}`);
    return data.prescription;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** Puts the prescribed medicines in the cart; `choices` maps a line id to the product slug of the chosen pharmacy. */
export const buyPrescription = createAppAsyncThunk(
  'prescriptions/buy',
  async ({ id, choices }: { id: string; choices: Record<string, string> }, { extra, dispatch, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<ToCartAnswer>(`prescriptions/${encodeURIComponent(id)}/cart`, { choices });
      void dispatch(fetchCart());
      return data;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

export const prescriptionsSlice = createSlice({
  name: 'prescriptions',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchPrescriptions.pending, (state) => {
        state.listStatus = 'loading';
        state.listError = null;
      })
      .addCase(fetchPrescriptions.fulfilled, (state, action) => {
        state.listStatus = 'succeeded';
        state.list = action.payload;
      })
      .addCase(fetchPrescriptions.rejected, (state, action) => {
        state.listStatus = 'failed';
        state.listError = action.payload ?? null;
      })
      .addCase(fetchPrescription.pending, (state) => {
        state.currentStatus = 'loading';
        state.currentError = null;
        state.bought = null;
        state.buyError = null;
      })
      .addCase(fetchPrescription.fulfilled, (state, action) => {
        state.currentStatus = 'succeeded';
        state.current = action.payload;
      })
      .addCase(fetchPrescription.rejected, (state, action) => {
        state.currentStatus = 'failed';
        state.current = null;
        state.currentError = action.payload ?? null;
      })
      .addCase(buyPrescription.pending, (state) => {
        state.buying = true;
        state.bought = null;
        state.buyError = null;
      })
      .addCase(buyPrescription.fulfilled, (state, action) => {
        state.buying = false;
        state.bought = action.payload;
      })
      .addCase(buyPrescription.rejected, (state, action) => {
        state.buying = false;
        state.buyError = action.payload ?? null;
      });
  },
});
