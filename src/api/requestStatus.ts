/** Where a request to the server stands, as every slice keeps it. */
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
