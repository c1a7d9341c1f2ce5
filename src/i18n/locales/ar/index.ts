import auth from './auth.json';
import common from './common.json';
import home from './home.json';

/** Arabic: a chunk of its own, loaded only when a visitor chooses it. */
export default { auth, common, home };
