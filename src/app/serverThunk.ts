import type { GetThunkAPI } from '@reduxjs/toolkit';
import { messageOf } from '../api/http';
import { createAppAsyncThunk, type AppThunkConfig } from './hooks';

export type ServerThunkApi = GetThunkAPI<AppThunkConfig>;

/**
 * A thunk that calls the server: `call` uses `api.extra.http` (passing `api.signal`, so that an
 * aborted thunk also cancels its request); any failure rejects with the message a person should read.
 * One place for the try/catch every server thunk would otherwise repeat.
 */
export function createServerThunk<Returned, Arg = void>(type: string, call: (arg: Arg, api: ServerThunkApi) => Promise<Returned>) {
  return createAppAsyncThunk<Returned, Arg>(type, async (arg, api) => {
    try {
      return await call(arg, api);
    } catch (error) {
      return api.rejectWithValue(messageOf(error));
    }
  });
}

/** The message of a thunk's `unwrap()` failure: the server's words, or the fallback of a failure that had none. */
export function rejectionMessage(rejection: unknown): string {
  if (typeof rejection === 'string') return rejection;
  return messageOf(rejection);
}
