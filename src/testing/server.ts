import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The fake API every component test talks to; tests add handlers with `server.use(...)`. */
export const server = setupServer(...handlers);
