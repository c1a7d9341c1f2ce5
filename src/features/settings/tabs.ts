import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '../session/types';

export interface SettingsTab {
  /** The path segment after /settings/. */
  path: string;
  title: string;
  /** Roles that see the tab; absent means every signed-in role. */
  roles?: Role[];
  component: LazyExoticComponent<ComponentType>;
}

/** The settings tabs, in display order. The first one (profile) is where unknown paths land. */
export const settingsTabs: SettingsTab[] = [
  { path: 'profile', title: 'Profile', component: lazy(() => import('./ProfileTab')) },
  { path: 'security', title: 'Security', component: lazy(() => import('../account-security/SecurityTab')) },
  { path: 'notifications', title: 'Notifications', component: lazy(() => import('../notifications/NotificationsTab')) },
  { path: 'appointments', title: 'Appointments', component: lazy(() => import('../appointments/AppointmentsTab')) },
  { path: 'payments', title: 'Payments', component: lazy(() => import('../orders/PaymentsTab')) },
  { path: 'orders', title: 'Orders', component: lazy(() => import('../orders/OrdersTab')) },
  { path: 'my-products', title: 'My products', roles: ['pharmacist'], component: lazy(() => import('../pharmacy/MyProductsTab')) },
  { path: 'orders-received', title: 'Orders received', roles: ['pharmacist'], component: lazy(() => import('../pharmacy/OrdersReceivedTab')) },
];
