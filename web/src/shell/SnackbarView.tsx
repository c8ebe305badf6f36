import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { hideSnackbar, type SnackbarMessage } from '../app/snackbar';
import { useAppDispatch } from '../app/store';

export default function SnackbarView({ current }: { current: SnackbarMessage }) {
  const dispatch = useAppDispatch();
  const close = () => dispatch(hideSnackbar(current.id));
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={current.timeout}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway') close();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={current.severity} variant="filled" onClose={close} data-testid="snackbar" sx={{ width: '100%' }}>
        {current.text}
      </Alert>
    </Snackbar>
  );
}
