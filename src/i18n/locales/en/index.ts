import auth from './auth.json';
import common from './common.json';
import home from './home.json';

/** English: shipped with the app, the specification's own texts. */
export const en = { auth, common, home };
export const namespaces = Object.keys(en);
