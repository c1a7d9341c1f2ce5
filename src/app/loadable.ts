import type { ActionReducerMapBuilder, AsyncThunk, Draft } from '@reduxjs/toolkit';
import type { RequestStatus } from '../api/requestStatus';

/** Data a page reads from the server, with where its request stands. */
export interface Loadable<T> {
  /** The argument the data answers (a filter, a page): another filter's rows are never shown as this one's. */
  key: string | null;
  /** The latest request: a slower earlier answer must not overwrite a newer one. */
  request: string | null;
  data: T | null;
  status: RequestStatus;
  error: string | null;
}

export const notLoaded = <T>(): Loadable<T> => ({ key: null, request: null, data: null, status: 'idle', error: null });

/** The list under an answer's key, or none when the server sent something else. */
export const arrayOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

const keyOf = (arg: unknown) => JSON.stringify(arg ?? null);

/**
 * Keeps one `Loadable` in step with the thunk that fetches it. A reload with the same argument keeps
 * the rows on screen; a new argument clears them (spinner). An aborted request (the page was left)
 * leaves no error behind. `onFailure` replaces the data when loading fails (an empty list, for lists).
 */
export function addLoadableCases<S, T, Arg>(
  builder: ActionReducerMapBuilder<S>,
  thunk: AsyncThunk<T, Arg, { rejectValue: string }>,
  pick: (state: Draft<S>, arg: Arg) => Loadable<T>,
  { onFailure, failedText }: { onFailure?: T; failedText: string },
): ActionReducerMapBuilder<S> {
  return builder
    .addCase(thunk.pending, (state, action) => {
      const loadable = pick(state, action.meta.arg);
      const key = keyOf(action.meta.arg);
      if (loadable.key !== key) {
        loadable.key = key;
        loadable.data = null;
        loadable.error = null;
      }
      loadable.request = action.meta.requestId;
      loadable.status = 'loading';
    })
    .addCase(thunk.fulfilled, (state, action) => {
      const loadable = pick(state, action.meta.arg);
      if (loadable.request !== action.meta.requestId) return;
      loadable.data = action.payload;
      loadable.status = 'succeeded';
      loadable.error = null;
    })
    .addCase(thunk.rejected, (state, action) => {
      const loadable = pick(state, action.meta.arg);
      if (loadable.request !== action.meta.requestId) return;
      if (action.meta.aborted) {
        loadable.status = 'idle';
        return;
      }
      loadable.status = 'failed';
      loadable.error = action.payload ?? failedText;
      if (onFailure !== undefined) loadable.data = onFailure;
    });
}
