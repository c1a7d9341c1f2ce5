/** What other features may use of the notifications feature. */
export { NotificationBell } from './NotificationBell';
export { notificationPushed, notificationsSlice } from './notificationsSlice';
export type { NotificationItem } from '../../../shared/notification';
