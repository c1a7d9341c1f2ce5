import { createSlice } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import type { AvailableDate, DoctorDetail, DoctorSearch, DoctorSearchPage, DoctorSummary, Education, WaitlistStatus } from './types';

import type { RequestStatus } from '../../api/requestStatus';

interface DoctorsState {
  list: DoctorSummary[];
  /** The department shown, or null for all doctors. */
  department: string | null;
  /** The search the list answers, so a slow answer to an older search is dropped. */
  searchKey: string;
  total: number;
  pages: number;
  timeZone: string | undefined;
  listStatus: RequestStatus;
  listError: string | null;
  detail: DoctorDetail | null;
  detailStatus: RequestStatus;
  detailError: string | null;
}

const initialState: DoctorsState = {
  list: [],
  department: null,
  searchKey: '',
  total: 0,
  pages: 1,
  timeZone: undefined,
  listStatus: 'idle',
  listError: null,
  detail: null,
  detailStatus: 'idle',
  detailError: null,
};

const arrayOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

const searchKeyOf = (search: DoctorSearch) => JSON.stringify(search);

/** One page of a doctor search: name or department text, department, gender, sort. */
export const fetchDoctors = createAppAsyncThunk('doctors/fetchList', async (search: DoctorSearch, { extra, rejectWithValue }) => {
  try {
    const params: Record<string, string | number> = { sort: search.sort, page: search.page };
    if (search.q) params.q = search.q;
    if (search.specialization) params.specialization = search.specialization;
    if (search.gender) params.gender = search.gender;
    const { data } = await extra.http.get<DoctorSearchPage>('doctors/', { params });
    return { ...data, doctors: arrayOf<DoctorSummary>(data.doctors) };
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

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
      const { data } = await extra.http.post<{ rate: number; ratings: number }>('doctors/rate/', toFormData({ comment }), {
        params: { doctor: doctorId, rate },
      });
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

/** The visitor's place on a doctor's waiting list: read, join (`join`) or leave (`leave`). */
export const waitlistAction = createAppAsyncThunk(
  'doctors/waitlist',
  async ({ doctorId, action }: { doctorId: string; action: 'read' | 'join' | 'leave' }, { extra, rejectWithValue }) => {
    const url = `doctors/${encodeURIComponent(doctorId)}/waitlist`;
    try {
      if (action === 'read') return { message: '', ...(await extra.http.get<{ waitlist: WaitlistStatus }>(url)).data };
      if (action === 'join') return (await extra.http.post<{ message: string; waitlist: WaitlistStatus }>(url, toFormData({}))).data;
      return (await extra.http.delete<{ message: string; waitlist: WaitlistStatus }>(url)).data;
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
        state.department = meta.arg.specialization || null;
        state.searchKey = searchKeyOf(meta.arg);
      })
      .addCase(fetchDoctors.fulfilled, (state, { payload, meta }) => {
        // A slow answer for a search the visitor has already left is dropped.
        if (state.searchKey !== searchKeyOf(meta.arg)) return;
        state.list = payload.doctors;
        state.total = typeof payload.total === 'number' ? payload.total : payload.doctors.length;
        state.pages = typeof payload.pages === 'number' ? payload.pages : 1;
        state.timeZone = payload.timeZone;
        state.listStatus = 'succeeded';
      })
      .addCase(fetchDoctors.rejected, (state, { payload, meta }) => {
        if (state.searchKey !== searchKeyOf(meta.arg)) return;
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
    selectListTotal: (state) => state.total,
    selectListPages: (state) => state.pages,
    selectListTimeZone: (state) => state.timeZone,
    selectDoctor: (state) => state.detail,
    selectDoctorStatus: (state) => state.detailStatus,
    selectDoctorError: (state) => state.detailError,
  },
});

export const {
  selectDoctorList,
  selectDepartment,
  selectListStatus,
  selectListError,
  selectListTotal,
  selectListPages,
  selectListTimeZone,
  selectDoctor,
  selectDoctorStatus,
  selectDoctorError,
} = doctorsSlice.selectors;
