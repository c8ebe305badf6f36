import { useCallback } from 'react';
import { apiErrorMessage } from '../app/api';
import { showSnackbar, type SnackbarSeverity } from '../app/snackbar';
import { useAppDispatch } from '../app/store';

/** Snackbar helpers: `notify(text, severity)` and `notifyError(error, fallback)` (server's messagePublic). */
export function useNotify() {
  const dispatch = useAppDispatch();
  const notify = useCallback(
    (text: string, severity: SnackbarSeverity = 'info', timeout?: number) => dispatch(showSnackbar({ text, severity, timeout })),
    [dispatch],
  );
  const notifyError = useCallback(
    (error: unknown, fallback: string, timeout?: number) => dispatch(showSnackbar({ text: apiErrorMessage(error, fallback), severity: 'error', timeout })),
    [dispatch],
  );
  return { notify, notifyError };
}
