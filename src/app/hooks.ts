import { createAsyncThunk, type AsyncThunkAction } from '@reduxjs/toolkit';
import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState, ThunkExtra } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** Thunks receive the one axios client as `extra.http` and reject with the server's message. */
export type AppThunkConfig = {
  state: RootState;
  dispatch: AppDispatch;
  extra: ThunkExtra;
  rejectValue: string;
};

export const createAppAsyncThunk = createAsyncThunk.withTypes<AppThunkConfig>();

/** For the few thunks whose failure carries more than a message (checkout: the new total, safety conflicts). */
export const createAppAsyncThunkRejecting = <Reject>() =>
  createAsyncThunk.withTypes<{
    state: RootState;
    dispatch: AppDispatch;
    extra: ThunkExtra;
    rejectValue: Reject;
  }>();

/**
 * Fetches what a page shows while it is on screen: dispatches `thunk(arg)` now and whenever `arg`
 * changes, and aborts the request when the page is left (or the argument changes), so a late answer
 * never lands. Returns `reload`, for after a write.
 */
export function useServerData<Thunk extends (arg: any) => AsyncThunkAction<unknown, any, AppThunkConfig>>(thunk: Thunk, ...args: Parameters<Thunk>) {
  // The argument alone (a filter, a page) decides when to fetch again; a thunk without one passes none.
  const arg: unknown = args[0];
  const dispatch = useAppDispatch();
  useEffect(() => {
    const request = dispatch(thunk(arg));
    return () => request.abort();
  }, [dispatch, thunk, arg]);
  return useCallback(() => dispatch(thunk(arg)), [dispatch, thunk, arg]);
}
