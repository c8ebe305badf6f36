import { lazy, Suspense } from 'react';
import { useAppSelector } from '../app/store';

// MUI Snackbar + Alert are loaded with the first message, not with every page.
const SnackbarView = lazy(() => import('./SnackbarView'));

/** Shows the message of the snackbar slice (dispatch `showSnackbar({ text, severity, timeout })`). */
export function SnackbarHost() {
  const current = useAppSelector((s) => s.snackbar.current);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarView current={current} />
    </Suspense>
  );
}
