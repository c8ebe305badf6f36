import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { disconnectSocket } from '../../app/socket';
import { AuthCard } from '../../components/AuthCard';
import { useNotify } from '../../components/notify';
import { useDeleteAccountMutation } from './api';

/** /appControl/deleteAccount/{token?}: confirms the deletion asked for by e-mail (an explicit click, never on load). */
export function Component() {
  const { t } = useTranslation();
  const { token } = useParams();
  const [remove, { isLoading }] = useDeleteAccountMutation();
  const { notifyError } = useNotify();
  const [done, setDone] = useState(false);
  if (!token) {
    return (
      <AuthCard title={t('auth.deleteAccount.confirmTitle')}>
        <Alert severity="info">{t('auth.deleteAccount.missing')}</Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.deleteAccount.confirmTitle')} subtitle={done ? undefined : t('auth.deleteAccount.confirmText')}>
      {done ? (
        <>
          <Alert severity="success" role="status">
            {t('auth.deleteAccount.done')}
          </Alert>
          <Button component={RouterLink} to="/" variant="contained" fullWidth sx={{ mt: 3 }}>
            {t('common.goHome')}
          </Button>
        </>
      ) : (
        <Button
          variant="contained"
          color="error"
          fullWidth
          size="large"
          disabled={isLoading}
          onClick={() =>
            remove(token)
              .unwrap()
              .then(
                () => {
                  disconnectSocket();
                  setDone(true);
                },
                (e) => notifyError(e, t('auth.deleteAccount.failed')),
              )
          }
        >
          {t('auth.deleteAccount.confirmSubmit')}
        </Button>
      )}
    </AuthCard>
  );
}
