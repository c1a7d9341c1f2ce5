import { sweepBadInput } from './bad-input-sweep.js';

// The other half of the write endpoints, and the property-based forms and queries.
await sweepBadInput({ part: 2, parts: 2 });
