import { createSlice } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import type { AccessEntry, DoctorOption, EntryValues, GuestRefusal, History, HistoryKind } from './types';

type Status = 'idle' | 'loading' | 'succeeded' | 'failed';

/** Which query parameter names the entry to remove, per section. */
export const deleteParam: Record<HistoryKind, string> = {
  diagnosis: 'diagnosis',
  lab: 'lab',
  medicines: 'medicine',
  continuous_medications: 'medicine',
  surgeries: 'surgery',
  chronic_disease: 'disease',
  genetic_disease: 'disease',
};

interface HistoryState {
  /** The patient whose history is (being) loaded. */
  patientId: string | null;
  history: History | null;
  status: Status;
  error: string | null;
  /** The green or red line above the sections after an add or a remove. */
  notice: { tone: 'success' | 'error'; text: string } | null;
  doctors: DoctorOption[];
  log: AccessEntry[];
  /** The log is paged (50 a page, newest first). */
  logPage: number;
  logPages: number;
  /** Refused reads by people not signed in, counted per address. */
  guestRefusals: GuestRefusal[];
  logStatus: Status;
  logError: string | null;
}

const initialState: HistoryState = {
  patientId: null,
  history: null,
  status: 'idle',
  error: null,
  notice: null,
  doctors: [],
  log: [],
  logPage: 1,
  logPages: 1,
  guestRefusals: [],
  logStatus: 'idle',
  logError: null,
};

export const fetchHistory = createAppAsyncThunk('history/fetch', async (patientId: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ history: History }>('history/', { params: { patient: patientId } });
    return data.history;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** The doctors for the diagnosis form's selector; a failure leaves the selector with no doctors. */
export const fetchHistoryDoctors = createAppAsyncThunk('history/fetchDoctors', async (_: void, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ doctors: DoctorOption[] }>('doctors');
    return Array.isArray(data.doctors) ? data.doctors.map((d) => ({ _id: d._id, name: d.name })) : [];
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** Adds an entry to the signed-in patient's own history, then reloads it. */
export const addHistoryEntry = createAppAsyncThunk(
  'history/add',
  async ({ kind, values, patientId }: { kind: HistoryKind; values: EntryValues; patientId: string }, { extra, dispatch, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<{ message: string }>(`history/${kind}`, toFormData(values));
      await dispatch(fetchHistory(patientId));
      return data.message;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

export const removeHistoryEntry = createAppAsyncThunk(
  'history/remove',
  async ({ kind, id, patientId }: { kind: HistoryKind; id: string; patientId: string }, { extra, dispatch, rejectWithValue }) => {
    try {
      await extra.http.delete(`history/${kind}/`, { params: { [deleteParam[kind]]: id } });
      await dispatch(fetchHistory(patientId));
      return id;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

export const fetchAccessLog = createAppAsyncThunk('history/fetchLog', async ({ patientId, page = 1 }: { patientId: string; page?: number }, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ entries: AccessEntry[]; page?: number; pages?: number; guestRefusals?: GuestRefusal[] }>('history/access-log/', {
      params: { patient: patientId, page },
    });
    return {
      entries: Array.isArray(data.entries) ? data.entries : [],
      page: data.page ?? page,
      pages: data.pages ?? 1,
      guestRefusals: Array.isArray(data.guestRefusals) ? data.guestRefusals : [],
    };
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const historySlice = createSlice({
  name: 'history',
  initialState,
  reducers: {
    clearNotice(state) {
      state.notice = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchHistory.pending, (state, action) => {
        // Another patient's page starts from nothing; a reload keeps showing the current data.
        if (state.patientId !== action.meta.arg) {
          state.history = null;
          state.notice = null;
          state.log = [];
          state.logPage = 1;
          state.logPages = 1;
          state.guestRefusals = [];
          state.logStatus = 'idle';
        }
        state.patientId = action.meta.arg;
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchHistory.fulfilled, (state, action) => {
        if (state.patientId !== action.meta.arg) return;
        state.status = 'succeeded';
        state.history = action.payload;
      })
      .addCase(fetchHistory.rejected, (state, action) => {
        if (state.patientId !== action.meta.arg) return;
        state.status = 'failed';
        state.history = null;
        state.error = action.payload ?? 'The medical history could not be loaded';
      })
      .addCase(fetchHistoryDoctors.fulfilled, (state, action) => {
        state.doctors = action.payload;
      })
      .addCase(addHistoryEntry.pending, (state) => {
        state.notice = null;
      })
      .addCase(addHistoryEntry.fulfilled, (state) => {
        state.notice = { tone: 'success', text: 'Added successfully' };
      })
      .addCase(removeHistoryEntry.fulfilled, (state) => {
        state.notice = null;
      })
      .addCase(removeHistoryEntry.rejected, (state, action) => {
        state.notice = { tone: 'error', text: action.payload ?? 'The entry could not be removed' };
      })
      .addCase(fetchAccessLog.pending, (state) => {
        state.logStatus = 'loading';
        state.logError = null;
      })
      .addCase(fetchAccessLog.fulfilled, (state, action) => {
        if (state.patientId !== action.meta.arg.patientId) return;
        state.logStatus = 'succeeded';
        state.log = action.payload.entries;
        state.logPage = action.payload.page;
        state.logPages = action.payload.pages;
        state.guestRefusals = action.payload.guestRefusals;
      })
      .addCase(fetchAccessLog.rejected, (state, action) => {
        state.logStatus = 'failed';
        state.logError = action.payload ?? 'The access log could not be loaded';
      });
  },
  selectors: {
    selectHistoryState: (state) => state,
    selectHistory: (state) => state.history,
    selectHistoryDoctors: (state) => state.doctors,
    selectHistoryNotice: (state) => state.notice,
  },
});

export const { clearNotice } = historySlice.actions;
export const { selectHistoryState, selectHistory, selectHistoryDoctors, selectHistoryNotice } = historySlice.selectors;
