import appointments from './appointments.json';
import auth from './auth.json';
import blogs from './blogs.json';
import cart from './cart.json';
import checkout from './checkout.json';
import common from './common.json';
import doctors from './doctors.json';
import home from './home.json';
import orders from './orders.json';
import settings from './settings.json';
import shop from './shop.json';

/** English: shipped with the app, the specification's own texts. */
export const en = { appointments, auth, blogs, cart, checkout, common, doctors, home, orders, settings, shop };
export const namespaces = Object.keys(en);
