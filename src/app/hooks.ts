import { createAsyncThunk } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState, ThunkExtra } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** Thunks receive the one axios client as `extra.http` and reject with the server's message. */
export const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  extra: ThunkExtra;
  rejectValue: string;
}>();

/** For the few thunks whose failure carries more than a message (checkout: the new total, safety conflicts). */
export const createAppAsyncThunkRejecting = <Reject>() =>
  createAsyncThunk.withTypes<{
    state: RootState;
    dispatch: AppDispatch;
    extra: ThunkExtra;
    rejectValue: Reject;
  }>();
