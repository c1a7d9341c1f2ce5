import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestStatus } from '../../api/requestStatus';
import type { NotificationItem } from '../../../shared/notification';
import { addLoadableCases, notLoaded, type Loadable } from '../../app/loadable';
import { createServerThunk } from '../../app/serverThunk';
import type { RootState } from '../../app/rootReducer';
import { logout } from '../session';

/** For one event of her role, whether it also comes by email (Settings → Notifications). */
export interface NotificationPreference {
  event: string;
  label: string;
  email: boolean;
}

interface NotificationsState {
  items: NotificationItem[];
  unread: number;
  status: RequestStatus;
  error: string | null;
  preferences: Loadable<NotificationPreference[]>;
}

const initialState: NotificationsState = { items: [], unread: 0, status: 'idle', error: null, preferences: notLoaded() };
/** The bell keeps as many as the server sends: the latest 30. */
const KEPT = 30;

interface ListAnswer {
  notifications: NotificationItem[];
  unread: number;
}

export const fetchNotifications = createServerThunk(
  'notifications/fetch',
  async (_: void, { extra }) => (await extra.http.get<ListAnswer>('notifications')).data,
);

/** Marks the given notifications read, or all of them when `ids` is omitted. */
export const markNotificationsRead = createServerThunk(
  'notifications/markRead',
  async (ids: string[] | undefined, { extra }) => (await extra.http.post<ListAnswer>('notifications/read', ids ? { ids } : { all: true })).data,
);

export const fetchNotificationPreferences = createServerThunk('notifications/preferences', async (_: void, { extra, signal }) => {
  return (await extra.http.get<{ preferences: NotificationPreference[] }>('notifications/preferences', { signal })).data.preferences;
});

/** Whether `event` also comes by email; answers the server's confirmation once it saved the choice. */
export const saveNotificationPreference = createServerThunk(
  'notifications/savePreference',
  async ({ event, email }: { event: string; email: boolean }, { extra }) => {
    return (
      await extra.http.patch<{ message: string; preferences: NotificationPreference[] }>('notifications/preferences', { preferences: { [event]: email } })
    ).data;
  },
);

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
        state.error = action.payload ?? 'The notifications could not be loaded';
      })
      .addCase(markNotificationsRead.fulfilled, takeList)
      .addCase(markNotificationsRead.rejected, (state, action) => {
        state.error = action.payload ?? 'The notifications could not be marked as read';
      })
      .addCase(saveNotificationPreference.fulfilled, (state, { payload }) => {
        state.preferences.data = payload.preferences;
      })
      .addCase(logout.fulfilled, () => initialState);
    addLoadableCases(builder, fetchNotificationPreferences, (state) => state.preferences, { failedText: 'Your notification choices could not be loaded' });
  },
});

export const { notificationPushed } = notificationsSlice.actions;
export const selectNotifications = (state: RootState) => state.notifications.items;
export const selectUnreadNotifications = (state: RootState) => state.notifications.unread;
export const selectNotificationsStatus = (state: RootState) => state.notifications.status;
export const selectNotificationsError = (state: RootState) => state.notifications.error;
export const selectNotificationPreferences = (state: RootState) => state.notifications.preferences;
