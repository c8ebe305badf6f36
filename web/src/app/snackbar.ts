import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';
export interface SnackbarMessage {
  id: number;
  text: string;
  severity: SnackbarSeverity;
  /** Milliseconds; the layout default is 6000 (spec section 9). */
  timeout: number;
  url?: string;
}

/** Layout default snackbar timeout (spec section 9). */
export const SNACKBAR_DEFAULT_TIMEOUT = 6000;

let nextId = 1;

export const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState: { current: null as SnackbarMessage | null },
  reducers: {
    showSnackbar: {
      reducer(state, action: PayloadAction<SnackbarMessage>) {
        state.current = action.payload;
      },
      prepare(input: { text: string; severity?: SnackbarSeverity; timeout?: number; url?: string }) {
        return {
          payload: { id: nextId++, text: input.text, severity: input.severity ?? 'info', timeout: input.timeout ?? SNACKBAR_DEFAULT_TIMEOUT, url: input.url },
        };
      },
    },
    hideSnackbar(state, action: PayloadAction<number>) {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
});

export const { showSnackbar, hideSnackbar } = snackbarSlice.actions;
