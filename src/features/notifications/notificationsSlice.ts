import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { messageOf } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import type { RootState } from '../../app/rootReducer';
import { logout } from '../session/sessionSlice';

/** One entry of the bell, as the server sends it (and pushes it over the socket). */
export interface NotificationItem {
  _id: string;
  event: string;
  title: string;
  body: string;
  link: string;
  read: boolean;
  createdAt: string;
}

interface NotificationsState {
  items: NotificationItem[];
  unread: number;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
}

const initialState: NotificationsState = { items: [], unread: 0, status: 'idle', error: null };
/** The bell keeps as many as the server sends: the latest 30. */
const KEPT = 30;

interface ListAnswer {
  notifications: NotificationItem[];
  unread: number;
}

export const fetchNotifications = createAppAsyncThunk('notifications/fetch', async (_: void, { extra, rejectWithValue }) => {
  try {
    return (await extra.http.get<ListAnswer>('notifications')).data;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** Marks the given notifications read, or all of them when `ids` is omitted. */
export const markNotificationsRead = createAppAsyncThunk('notifications/markRead', async (ids: string[] | undefined, { extra, rejectWithValue }) => {
  try {
    return (await extra.http.post<ListAnswer>('notifications/read', ids ? { ids } : { all: true })).data;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

const takeList = (state: NotificationsState, { payload }: PayloadAction<ListAnswer>) => {
  state.items = payload.notifications;
  state.unread = payload.unread;
  state.status = 'succeeded';
  state.error = null;
};

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    /** A notification pushed over the socket: on top, counted unread (once, even if pushed twice). */
    notificationPushed(state, { payload }: PayloadAction<NotificationItem>) {
      if (state.items.some((n) => n._id === payload._id)) return;
      state.items = [payload, ...state.items].slice(0, KEPT);
      if (!payload.read) state.unread += 1;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchNotifications.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchNotifications.fulfilled, takeList)
      .addCase(fetchNotifications.rejected, (state, action) => {
        state.status = 'failed';
        state.error = (action.payload as string | undefined) ?? 'The notifications could not be loaded';
      })
      .addCase(markNotificationsRead.fulfilled, takeList)
      .addCase(markNotificationsRead.rejected, (state, action) => {
        state.error = (action.payload as string | undefined) ?? 'The notifications could not be marked as read';
      })
      .addCase(logout.fulfilled, () => initialState);
  },
});

export const { notificationPushed } = notificationsSlice.actions;
export const selectNotifications = (state: RootState) => state.notifications.items;
export const selectUnreadNotifications = (state: RootState) => state.notifications.unread;
export const selectNotificationsStatus = (state: RootState) => state.notifications.status;
export const selectNotificationsError = (state: RootState) => state.notifications.error;
