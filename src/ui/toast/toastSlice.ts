import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Confirmations the specification does not describe as popups: shown as small toasts that never
 * block the page and go away by themselves. They are raised only once the server confirmed what
 * they say (a thunk's fulfilled result), never before.
 */
export type ToastTone = 'success' | 'info';
export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

let nextId = 1;

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: { items: [] as Toast[] },
  reducers: {
    toastShown: {
      reducer(state, { payload }: PayloadAction<Toast>) {
        // The same text twice in a row (a double click) is shown once.
        if (state.items.at(-1)?.text === payload.text) return;
        state.items.push(payload);
      },
      prepare: (text: string, tone: ToastTone = 'success') => ({ payload: { id: nextId++, text, tone } }),
    },
    toastClosed(state, { payload }: PayloadAction<number>) {
      state.items = state.items.filter((t) => t.id !== payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { toastShown, toastClosed } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
