import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '../session';

export interface SettingsTab {
  /** The path segment after /settings/. */
  path: string;
  /** Roles that see the tab; absent means every signed-in role. */
  roles?: Role[];
  component: LazyExoticComponent<ComponentType>;
}

/** The settings tabs, in display order (titles: `settings:tabs.<path>`). The first one (profile) is where unknown paths land. */
export const settingsTabs: SettingsTab[] = [
  { path: 'profile', component: lazy(() => import('./ProfileTab')) },
  { path: 'security', component: lazy(() => import('../account-security/SecurityTab')) },
  { path: 'notifications', component: lazy(() => import('../notifications/NotificationsTab')) },
  { path: 'appointments', component: lazy(() => import('../appointments/AppointmentsTab')) },
  { path: 'payments', component: lazy(() => import('../orders/PaymentsTab')) },
  { path: 'orders', component: lazy(() => import('../orders/OrdersTab')) },
  { path: 'my-products', roles: ['pharmacist'], component: lazy(() => import('../pharmacy/MyProductsTab')) },
  { path: 'orders-received', roles: ['pharmacist'], component: lazy(() => import('../pharmacy/OrdersReceivedTab')) },
];
