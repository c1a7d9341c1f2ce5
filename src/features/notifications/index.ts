/** What other features may use of the notifications feature. */
export { NotificationBell } from './NotificationBell';
export { notificationPushed, notificationsSlice, type NotificationItem } from './notificationsSlice';
