import { createSlice } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import type { Appointment, Attendance, DepartmentDoctor, FreeSlot } from './types';

import type { RequestStatus } from '../../api/requestStatus';

interface AppointmentsState {
  items: Appointment[];
  status: RequestStatus;
  error: string | null;
  /** Doctors of the department chosen on the request form. */
  departmentDoctors: DepartmentDoctor[];
}

const initialState: AppointmentsState = { items: [], status: 'idle', error: null, departmentDoctors: [] };

export const fetchAppointments = createAppAsyncThunk('appointments/fetch', async (_: void, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ appointments: Appointment[] }>('appointment');
    return Array.isArray(data.appointments) ? data.appointments : [];
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** A doctor publishes a slot; the list is fetched again so it shows in order. */
export const addAppointment = createAppAsyncThunk('appointments/add', async (slot: { date: string; time: string }, { extra, dispatch, rejectWithValue }) => {
  try {
    await extra.http.post('appointment', toFormData(slot));
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
  void dispatch(fetchAppointments());
});

/** The doctor deletes a slot (with the reason the holding patient reads), or the patient cancels a reservation. */
export const cancelAppointment = createAppAsyncThunk(
  'appointments/cancel',
  async ({ id, reason = '' }: { id: string; reason?: string }, { extra, rejectWithValue }) => {
    try {
      await extra.http.delete(`appointment/cancel/?appointment=${encodeURIComponent(id)}`, { data: toFormData({ reason }) });
      return id;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

/** The patient moves a reservation to another free slot of the same doctor; the list is fetched again. */
export const rescheduleAppointment = createAppAsyncThunk(
  'appointments/reschedule',
  async ({ id, to }: { id: string; to: string }, { extra, dispatch, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<{ message: string }>(`appointment/${encodeURIComponent(id)}/reschedule`, toFormData({ to }));
      void dispatch(fetchAppointments());
      return data.message;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

/** A doctor's free slots, to move a reservation to (the doctor's page lists them). */
export const fetchFreeSlotsOf = createAppAsyncThunk('appointments/freeSlots', async (doctorName: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ doctor: { availableDates: FreeSlot[] } }>('doctors/', { params: { name: doctorName } });
    return (data.doctor?.availableDates ?? []).filter((s) => !s.reserved && (!s.heldUntil || s.heldForYou));
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/**
 * Downloads the calendar file of an appointment through the API client (it needs the login) and
 * hands it to the browser as appointment.ics.
 */
export const downloadCalendar = createAppAsyncThunk('appointments/calendar', async (id: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<string>(`appointment/${encodeURIComponent(id)}/calendar.ics`, { responseType: 'text' });
    const url = URL.createObjectURL(new Blob([data], { type: 'text/calendar' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'appointment.ics';
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    return id;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** The doctor records after the slot's time whether the patient came; the row shows the server's answer. */
export const markAttendance = createAppAsyncThunk(
  'appointments/attendance',
  async ({ id, attendance }: { id: string; attendance: Exclude<Attendance, ''> }, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<{ message: string; appointment: Appointment }>(
        `appointment/attendance/?appointment=${encodeURIComponent(id)}`,
        toFormData({ attendance }),
      );
      return data.appointment;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

/** The doctors of one department, for the request form's doctor list. */
export const fetchDepartmentDoctors = createAppAsyncThunk('appointments/departmentDoctors', async (department: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ doctor: DepartmentDoctor[] }>(`doctors/?specialization=${encodeURIComponent(department)}`);
    return Array.isArray(data.doctor) ? data.doctor.map((d) => ({ _id: d._id, name: d.name })) : [];
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const appointmentsSlice = createSlice({
  name: 'appointments',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchAppointments.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchAppointments.fulfilled, (state, { payload }) => {
        state.items = payload;
        state.status = 'succeeded';
      })
      .addCase(fetchAppointments.rejected, (state, { payload }) => {
        state.status = 'failed';
        state.error = payload ?? 'Your appointments could not be loaded';
      })
      .addCase(markAttendance.fulfilled, (state, { payload }) => {
        const index = state.items.findIndex((a) => a._id === payload._id);
        if (index >= 0) state.items[index] = payload;
      })
      .addCase(cancelAppointment.fulfilled, (state, { payload }) => {
        state.items = state.items.filter((a) => a._id !== payload);
      })
      .addCase(fetchDepartmentDoctors.pending, (state) => {
        state.departmentDoctors = [];
      })
      .addCase(fetchDepartmentDoctors.fulfilled, (state, { payload }) => {
        state.departmentDoctors = payload;
      });
  },
  selectors: {
    selectAppointments: (state) => state.items,
    selectAppointmentsStatus: (state) => state.status,
    selectAppointmentsError: (state) => state.error,
    selectDepartmentDoctors: (state) => state.departmentDoctors,
  },
});

export const { selectAppointments, selectAppointmentsStatus, selectAppointmentsError, selectDepartmentDoctors } = appointmentsSlice.selectors;
