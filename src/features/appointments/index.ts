/** What other features may use of appointments: the slot type a doctor's page lists. */
export type { Slot } from './types';
