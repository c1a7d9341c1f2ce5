/** What other features may use of the blogs feature (types only: the index stays light). */
export type { Blog } from './types';
