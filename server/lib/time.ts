/** Timestamps travel and are stored as ISO strings, so both databases sort them the same way. */
export const nowIso = () => new Date().toISOString();
