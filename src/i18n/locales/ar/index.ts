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

/** Arabic: a chunk of its own, loaded only when a visitor chooses it. */
export default { appointments, auth, blogs, cart, checkout, common, doctors, home, orders, settings, shop };
