import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** App-wide flags: a global error (home data failures) and whether the startup session check ended. */
interface AppState {
  error: string | null;
  ready: boolean;
}

const initialState: AppState = { error: null, ready: false };

export const appSlice = createSlice({
  name: 'app',
  initialState,
  reducers: {
    setGlobalError(state, action: PayloadAction<string | null>) {
      state.error = action.payload;
    },
    setReady(state) {
      state.ready = true;
    },
  },
  selectors: {
    selectGlobalError: (state) => state.error,
    selectReady: (state) => state.ready,
  },
});

export const { setGlobalError, setReady } = appSlice.actions;
export const { selectGlobalError, selectReady } = appSlice.selectors;
