import { createSlice } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import type { AppointmentRequest, RequestForm, RequestSlot } from './types';

import type { RequestStatus } from '../../api/requestStatus';

interface RequestsState {
  items: AppointmentRequest[];
  status: RequestStatus;
  error: string | null;
}

const initialState: RequestsState = { items: [], status: 'idle', error: null };

/** Sends the request form; resolves only once the server has stored the request. */
export const sendAppointmentRequest = createAppAsyncThunk('requests/send', async (form: RequestForm, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.post<{ message: string; request: AppointmentRequest }>('appointment/requests', toFormData({ ...form }));
    return data;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** The patient's own requests, or those a doctor or administrator answers. */
export const fetchRequests = createAppAsyncThunk('requests/fetch', async (_: void, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ requests: AppointmentRequest[] }>('appointment/requests');
    return Array.isArray(data.requests) ? data.requests : [];
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** The free slots a request can be accepted into (read by the accept dialog, not kept in the store). */
export const fetchRequestSlots = createAppAsyncThunk('requests/slots', async (id: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ slots: RequestSlot[] }>(`appointment/requests/${encodeURIComponent(id)}/slots`);
    return Array.isArray(data.slots) ? data.slots : [];
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const acceptRequest = createAppAsyncThunk(
  'requests/accept',
  async ({ id, appointment }: { id: string; appointment: string }, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<{ message: string; request: AppointmentRequest }>(
        `appointment/requests/${encodeURIComponent(id)}/accept`,
        toFormData({ appointment }),
      );
      return data;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

export const declineRequest = createAppAsyncThunk('requests/decline', async ({ id, reason }: { id: string; reason: string }, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.post<{ message: string; request: AppointmentRequest }>(
      `appointment/requests/${encodeURIComponent(id)}/decline`,
      toFormData({ reason }),
    );
    return data;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const requestsSlice = createSlice({
  name: 'requests',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    const replace = (state: RequestsState, request: AppointmentRequest) => {
      state.items = state.items.map((r) => (r._id === request._id ? request : r));
    };
    builder
      .addCase(fetchRequests.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchRequests.fulfilled, (state, { payload }) => {
        state.items = payload;
        state.status = 'succeeded';
      })
      .addCase(fetchRequests.rejected, (state, { payload }) => {
        state.status = 'failed';
        state.error = payload ?? 'The appointment requests could not be loaded';
      })
      .addCase(acceptRequest.fulfilled, (state, { payload }) => replace(state, payload.request))
      .addCase(declineRequest.fulfilled, (state, { payload }) => replace(state, payload.request));
  },
  selectors: {
    selectRequests: (state) => state.items,
    selectRequestsStatus: (state) => state.status,
    selectRequestsError: (state) => state.error,
  },
});

export const { selectRequests, selectRequestsStatus, selectRequestsError } = requestsSlice.selectors;
