import { createSlice } from '@reduxjs/toolkit';
import { messageOf, responseOf } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import { fetchCart } from '../cart';
import type { Prescription, SafetyConflict, ToCartAnswer } from './types';

import type { RequestStatus } from '../../api/requestStatus';

interface PrescriptionsState {
  list: Prescription[];
  listStatus: RequestStatus;
  listError: string | null;
  current: Prescription | null;
  currentStatus: RequestStatus;
  currentError: string | null;
  /** The server's answer to "Buy prescribed medicines"; set only once it answered. */
  bought: ToCartAnswer | null;
  buying: boolean;
  buyError: string | null;
}

const initialState: PrescriptionsState = {
  list: [],
  listStatus: 'idle',
  listError: null,
  current: null,
  currentStatus: 'idle',
  currentError: null,
  bought: null,
  buying: false,
  buyError: null,
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

/** A catalogue product as the doctor's picker offers it. */
export interface PickedProduct {
  _id: string;
  name: string;
  pharmacy: string;
}

/** The shop's own search (`GET /api/medicines?q=`), first page: the doctor's product picker. */
export const searchCatalogue = createAppAsyncThunk('prescriptions/searchCatalogue', async (q: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ products: { _id: string; name: string; owner?: { pharmacyName?: string; username?: string } }[] }>('medicines/', {
      params: { q },
    });
    return (Array.isArray(data.products) ? data.products : []).map((p): PickedProduct => ({
      _id: p._id,
      name: p.name,
      pharmacy: p.owner?.pharmacyName || p.owner?.username || '',
    }));
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export interface NewPrescriptionLine {
  product?: string;
  medicine?: string;
  dose: string;
  frequency: string;
  duration: string;
  quantity: number;
  notes: string;
}

/** Why writing failed: the server's message, and the safety conflicts when it asks for an acknowledgement (409). */
export interface WriteFailure {
  message: string;
  conflicts?: SafetyConflict[];
}

/** A doctor writes a prescription; rejects with a JSON `WriteFailure`. */
export const writePrescription = createAppAsyncThunk(
  'prescriptions/write',
  async (
    body: { patient: string; lines: NewPrescriptionLine[]; notes: string; validDays: number; acknowledgeWarnings: boolean },
    { extra, rejectWithValue },
  ) => {
    try {
      const { data } = await extra.http.post<{ message: string; prescription: Prescription }>('prescriptions', body);
      return data;
    } catch (error) {
      const response = responseOf(error);
      const answer = response?.data as { conflicts?: unknown } | undefined;
      const conflicts = response?.status === 409 && Array.isArray(answer?.conflicts) ? (answer.conflicts as SafetyConflict[]) : undefined;
      const failure: WriteFailure = { message: messageOf(error), ...(conflicts?.length ? { conflicts } : {}) };
      return rejectWithValue(JSON.stringify(failure));
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
