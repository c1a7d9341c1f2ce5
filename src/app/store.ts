import { configureStore } from '@reduxjs/toolkit';
import { http, type Http } from '../api/http';
import { rootReducer, type RootState } from './rootReducer';

export interface ThunkExtra {
  http: Http;
}

/** Builds a store; tests pass the state they start from. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { http } satisfies ThunkExtra } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
