import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { useParams } from 'react-router-dom';
import { disconnectSocket } from '../../app/socket';
import { AuthCard } from '../../components/AuthCard';
import { useDeleteAccountMutation } from './api';
import { ClickAction } from './TokenAction';

/** /appControl/deleteAccount/{token?}: confirms the deletion asked for by e-mail (an explicit click, never on load). */
export function Component() {
  const { t } = useTranslation();
  const { token } = useParams();
  const [remove] = useDeleteAccountMutation();
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
      <ClickAction
        run={() => remove(token).unwrap()}
        label={t('auth.deleteAccount.confirmSubmit')}
        failed={t('auth.deleteAccount.failed')}
        done={t('auth.deleteAccount.done')}
        goHome
        onDone={() => {
          disconnectSocket();
          setDone(true);
        }}
      />
    </AuthCard>
  );
}
