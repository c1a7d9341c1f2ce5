import { createSlice } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import type { AccessEntry, EntryChange, EntryValues, GuestRefusal, History, HistoryKind } from './types';

import type { RequestStatus } from '../../api/requestStatus';

/** Which query parameter names the entry to remove, per section. */
export const deleteParam: Record<HistoryKind, string> = {
  diagnosis: 'diagnosis',
  lab: 'lab',
  medicines: 'medicine',
  continuous_medications: 'medicine',
  surgeries: 'surgery',
  chronic_disease: 'disease',
  genetic_disease: 'disease',
  allergies: 'allergy',
};

/** A removal or hide the server confirmed, offered for undoing for a few seconds. */
export interface UndoOffer {
  change: 'remove' | 'hide';
  kind: HistoryKind;
  id: string;
  label: string;
}

interface HistoryState {
  /** The patient whose history is (being) loaded. */
  patientId: string | null;
  history: History | null;
  status: RequestStatus;
  /** The server's refusal; null with status 'failed' when it gave none (the page says so in its language). */
  error: string | null;
  /** The green or red line above the sections after an add or a remove: 'added', or a change the server refused (with its message, if any). */
  notice: { tone: 'success'; text: null } | { tone: 'error'; text: string | null } | null;
  /** The last confirmed removal or hide, while it can still be undone. */
  undo: UndoOffer | null;
  log: AccessEntry[];
  /** The log is paged (50 a page, newest first). */
  logPage: number;
  logPages: number;
  /** Refused reads by people not signed in, counted per address. */
  guestRefusals: GuestRefusal[];
  logStatus: RequestStatus;
  logError: string | null;
}

const initialState: HistoryState = {
  patientId: null,
  history: null,
  status: 'idle',
  error: null,
  notice: null,
  undo: null,
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

/**
 * Adds an entry, then reloads the history: to the signed-in patient's own history, or, for a
 * doctor caring for her (`asDoctor`), to his patient's, where the server signs it with his name.
 */
export const addHistoryEntry = createAppAsyncThunk(
  'history/add',
  async (
    { kind, values, patientId, asDoctor = false }: { kind: HistoryKind; values: EntryValues; patientId: string; asDoctor?: boolean },
    { extra, dispatch, rejectWithValue },
  ) => {
    try {
      const { data } = await extra.http.post<{ message: string }>(
        `history/${kind}`,
        toFormData(values),
        asDoctor ? { params: { patient: patientId } } : undefined,
      );
      await dispatch(fetchHistory(patientId));
      return data.message;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

/**
 * Removes one of her own entries, hides a doctor's, or undoes either (restore / unhide); the
 * history reloads once the server has confirmed the change.
 */
export const changeHistoryEntry = createAppAsyncThunk(
  'history/change',
  async (
    { change, kind, id, label, patientId }: { change: EntryChange; kind: HistoryKind; id: string; label: string; patientId: string },
    { extra, dispatch, rejectWithValue },
  ) => {
    try {
      const params = { [deleteParam[kind]]: id };
      if (change === 'remove') await extra.http.delete(`history/${kind}/`, { params });
      else await extra.http.post(`history/${kind}/${change}`, undefined, { params });
      await dispatch(fetchHistory(patientId));
      return { change, kind, id, label };
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

export const fetchAccessLog = createAppAsyncThunk(
  'history/fetchLog',
  async ({ patientId, page = 1 }: { patientId: string; page?: number }, { extra, rejectWithValue }) => {
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
  },
);

export const historySlice = createSlice({
  name: 'history',
  initialState,
  reducers: {
    clearNotice(state) {
      state.notice = null;
    },
    /** The undo time is over (or the offer was closed). */
    clearUndo(state) {
      state.undo = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchHistory.pending, (state, action) => {
        // Another patient's page starts from nothing; a reload keeps showing the current data.
        if (state.patientId !== action.meta.arg) {
          state.history = null;
          state.notice = null;
          state.undo = null;
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
        state.error = action.payload ?? null;
      })
      .addCase(addHistoryEntry.pending, (state) => {
        state.notice = null;
      })
      .addCase(addHistoryEntry.fulfilled, (state) => {
        state.notice = { tone: 'success', text: null };
      })
      .addCase(changeHistoryEntry.pending, (state) => {
        state.notice = null;
      })
      .addCase(changeHistoryEntry.fulfilled, (state, action) => {
        const { change, kind, id, label } = action.payload;
        state.undo = change === 'remove' || change === 'hide' ? { change, kind, id, label } : null;
      })
      .addCase(changeHistoryEntry.rejected, (state, action) => {
        state.notice = { tone: 'error', text: action.payload ?? null };
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
        state.logError = action.payload ?? null;
      });
  },
  selectors: {
    selectHistoryState: (state) => state,
    selectHistory: (state) => state.history,
    selectHistoryUndo: (state) => state.undo,
    selectHistoryNotice: (state) => state.notice,
  },
});

export const { clearNotice, clearUndo } = historySlice.actions;
export const { selectHistoryState, selectHistory, selectHistoryUndo, selectHistoryNotice } = historySlice.selectors;
