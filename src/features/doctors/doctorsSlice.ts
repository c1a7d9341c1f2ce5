import { createSlice } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import type { AvailableDate, DoctorDetail, DoctorSummary, Education } from './types';

type Status = 'idle' | 'loading' | 'succeeded' | 'failed';

interface DoctorsState {
  list: DoctorSummary[];
  /** The department shown, or null for all doctors. */
  department: string | null;
  listStatus: Status;
  listError: string | null;
  detail: DoctorDetail | null;
  detailStatus: Status;
  detailError: string | null;
}

const initialState: DoctorsState = {
  list: [],
  department: null,
  listStatus: 'idle',
  listError: null,
  detail: null,
  detailStatus: 'idle',
  detailError: null,
};

const arrayOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** All doctors (`doctors`), or one department's (`doctor`, an array). */
export const fetchDoctors = createAppAsyncThunk(
  'doctors/fetchList',
  async (department: string | null, { extra, rejectWithValue }) => {
    try {
      if (!department) {
        const { data } = await extra.http.get<{ doctors: DoctorSummary[] }>('doctors');
        return arrayOf<DoctorSummary>(data.doctors);
      }
      const { data } = await extra.http.get<{ doctor: DoctorSummary[] }>(`doctors/?specialization=${encodeURIComponent(department)}`);
      return arrayOf<DoctorSummary>(data.doctor);
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

/** One doctor by the name in the page address; a missing doctor leaves `detail` null. */
export const fetchDoctor = createAppAsyncThunk('doctors/fetchOne', async (name: string, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ doctor: DoctorDetail | null }>(`doctors/?name=${encodeURIComponent(name)}`);
    const doctor = data.doctor;
    return doctor ? { ...doctor, education: arrayOf<Education>(doctor.education), availableDates: arrayOf<AvailableDate>(doctor.availableDates) } : null;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const rateDoctor = createAppAsyncThunk(
  'doctors/rate',
  async ({ doctorId, rate, comment = '' }: { doctorId: string; rate: number; comment?: string }, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<{ rate: number; ratings: number }>('doctors/rate/', toFormData({ comment }), { params: { doctor: doctorId, rate } });
      return { doctorId, rate: data.rate, ratings: data.ratings };
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

/** Reserves a slot, then reloads the doctor so the page shows who holds what. */
export const reserveSlot = createAppAsyncThunk(
  'doctors/reserve',
  async ({ slotId, doctor }: { slotId: string; doctor: DoctorDetail }, { extra, dispatch, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<{ chat: string }>('appointment/reserve/', toFormData({}), {
        params: { appointment: slotId, receiver: doctor._id },
      });
      await dispatch(fetchDoctor(doctor.name));
      return data.chat;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

/** The holder gives a slot back, then the doctor is reloaded. */
export const releaseSlot = createAppAsyncThunk(
  'doctors/release',
  async ({ slotId, doctor }: { slotId: string; doctor: DoctorDetail }, { extra, dispatch, rejectWithValue }) => {
    try {
      await extra.http.delete('appointment/cancel/', { params: { appointment: slotId } });
      await dispatch(fetchDoctor(doctor.name));
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

export const doctorsSlice = createSlice({
  name: 'doctors',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchDoctors.pending, (state, { meta }) => {
        state.listStatus = 'loading';
        state.listError = null;
        state.department = meta.arg;
      })
      .addCase(fetchDoctors.fulfilled, (state, { payload, meta }) => {
        // A slow answer for a department the visitor has already left is dropped.
        if (state.department !== meta.arg) return;
        state.list = payload;
        state.listStatus = 'succeeded';
      })
      .addCase(fetchDoctors.rejected, (state, { payload, meta }) => {
        if (state.department !== meta.arg) return;
        state.list = [];
        state.listStatus = 'failed';
        state.listError = payload ?? 'The doctors could not be loaded';
      })
      .addCase(fetchDoctor.pending, (state, { meta }) => {
        state.detailStatus = 'loading';
        state.detailError = null;
        // Keep the doctor on screen while the same one reloads (after a reservation).
        if (state.detail && state.detail.name.toLowerCase() !== meta.arg.toLowerCase()) state.detail = null;
      })
      .addCase(fetchDoctor.fulfilled, (state, { payload }) => {
        state.detail = payload;
        state.detailStatus = 'succeeded';
      })
      .addCase(fetchDoctor.rejected, (state, { payload }) => {
        state.detail = null;
        state.detailStatus = 'failed';
        state.detailError = payload ?? 'This doctor could not be loaded';
      })
      .addCase(rateDoctor.fulfilled, (state, { payload }) => {
        if (state.detail?._id === payload.doctorId) {
          state.detail.rate = payload.rate;
          if (typeof payload.ratings === 'number') state.detail.ratings = payload.ratings;
        }
      });
  },
  selectors: {
    selectDoctorList: (state) => state.list,
    selectDepartment: (state) => state.department,
    selectListStatus: (state) => state.listStatus,
    selectListError: (state) => state.listError,
    selectDoctor: (state) => state.detail,
    selectDoctorStatus: (state) => state.detailStatus,
    selectDoctorError: (state) => state.detailError,
  },
});

export const { selectDoctorList, selectDepartment, selectListStatus, selectListError, selectDoctor, selectDoctorStatus, selectDoctorError } =
  doctorsSlice.selectors;
