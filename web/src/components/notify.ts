import { useCallback, useState } from 'react';
import { apiErrorMessage } from '../app/api';
import { showSnackbar, type SnackbarSeverity } from '../app/snackbar';
import { useAppDispatch } from '../app/store';
import { useTranslation } from '../i18n';

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

/**
 * An action on one item that a dialog confirms first (delete a ticket, remove a collaborator): set the item to
 * open the dialog; `confirm(run, success)` runs the action on it, says how it went and closes the dialog either way.
 */
export function useConfirmedAction<T>() {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [pending, setPending] = useState<T | null>(null);
  const confirm = async (run: (item: T) => Promise<unknown>, success: string) => {
    if (!pending) return;
    try {
      await run(pending);
      notify(success, 'success');
    } catch (e) {
      notifyError(e, t('common.unexpectedError'));
    }
    setPending(null);
  };
  return [pending, setPending, confirm] as const;
}
