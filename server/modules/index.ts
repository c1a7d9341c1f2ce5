import type { App } from '../types.js';
import accountSecurityRoutes from './account-security/routes.js';
import accountsRoutes from './accounts/routes.js';
import adminRoutes from './admin/routes.js';
import appointmentRequestsRoutes from './appointment-requests/routes.js';
import appointmentsRoutes from './appointments/routes.js';
import blogsRoutes from './blogs/routes.js';
import cartRoutes from './cart/routes.js';
import checkoutRoutes from './checkout/routes.js';
import chatRoutes from './chat/routes.js';
import contentRoutes from './content/routes.js';
import doctorsRoutes from './doctors/routes.js';
import geoRoutes from './geo/routes.js';
import historyRoutes from './history/routes.js';
import notificationsRoutes from './notifications/routes.js';
import ordersRoutes from './orders/routes.js';
import pharmacyRoutes from './pharmacy/routes.js';
import prescriptionsRoutes from './prescriptions/routes.js';
import shopRoutes from './shop/routes.js';
import twoFactorRoutes from './two-factor/routes.js';

/** Every API module, mounted under /api. */
export async function registerModules(api: App) {
  await api.register(accountsRoutes);
  await api.register(accountSecurityRoutes);
  await api.register(twoFactorRoutes);
  await api.register(doctorsRoutes);
  await api.register(appointmentsRoutes);
  await api.register(appointmentRequestsRoutes);
  await api.register(contentRoutes);
  await api.register(blogsRoutes);
  await api.register(historyRoutes);
  await api.register(chatRoutes);
  await api.register(shopRoutes);
  await api.register(cartRoutes);
  await api.register(checkoutRoutes);
  await api.register(pharmacyRoutes);
  await api.register(adminRoutes);
  await api.register(ordersRoutes);
  await api.register(prescriptionsRoutes);
  await api.register(notificationsRoutes);
  await api.register(geoRoutes);
}
