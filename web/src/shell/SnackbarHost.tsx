import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { hideSnackbar } from '../app/snackbar';
import { useAppDispatch, useAppSelector } from '../app/store';

/** Shows the message of the snackbar slice (dispatch `showSnackbar({ text, severity, timeout })`). */
export function SnackbarHost() {
  const current = useAppSelector((s) => s.snackbar.current);
  const dispatch = useAppDispatch();
  return (
    <Snackbar
      key={current?.id}
      open={!!current}
      autoHideDuration={current?.timeout}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway' && current) dispatch(hideSnackbar(current.id));
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {current ? (
        <Alert severity={current.severity} variant="filled" onClose={() => dispatch(hideSnackbar(current.id))} data-testid="snackbar" sx={{ width: '100%' }}>
          {current.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
