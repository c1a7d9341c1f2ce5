import { sweepBadInput } from './bad-input-sweep.js';

// Half of the write endpoints, and every read endpoint; bad-input-sweep-2 runs the rest beside it.
await sweepBadInput({ part: 1, parts: 2 });
