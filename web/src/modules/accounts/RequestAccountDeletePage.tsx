import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { AuthCard } from '../../components/AuthCard';
import { useNotify } from '../../components/notify';
import { useRequestAccountDeleteMutation } from './api';

/** /appControl/requestAccountDelete (signed in): sends the confirmation link by e-mail. */
export function Component() {
  const { t } = useTranslation();
  const [request, { isLoading }] = useRequestAccountDeleteMutation();
  const { notifyError } = useNotify();
  const [sent, setSent] = useState(false);
  return (
    <AuthCard title={t('auth.deleteAccount.requestTitle')} subtitle={t('auth.deleteAccount.requestText')}>
      {sent ? (
        <Alert severity="success" role="status">
          {t('auth.deleteAccount.requested')}
        </Alert>
      ) : (
        <Button
          variant="contained"
          color="error"
          fullWidth
          size="large"
          disabled={isLoading}
          onClick={() =>
            request()
              .unwrap()
              .then(
                () => setSent(true),
                (e) => notifyError(e, t('common.unexpectedError')),
              )
          }
        >
          {t('auth.deleteAccount.requestSubmit')}
        </Button>
      )}
    </AuthCard>
  );
}
