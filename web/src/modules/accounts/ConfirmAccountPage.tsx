import Alert from '@mui/material/Alert';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n';
import { useParams } from 'react-router-dom';
import { AuthCard } from '../../components/AuthCard';
import { useConfirmAccountMutation, useCurrentUser } from './api';
import { HomeOrSignInButton, TokenAction } from './TokenAction';

/** /confirm/account/{token?}: confirms an account from the link sent by e-mail. */
export function Component() {
  const { t } = useTranslation();
  const { token } = useParams();
  const user = useCurrentUser();
  const [confirm] = useConfirmAccountMutation();
  const run = useCallback(() => confirm(token!).unwrap(), [confirm, token]);
  return (
    <AuthCard title={t('auth.confirmAccount.title')}>
      {token ? (
        <TokenAction
          run={run}
          running={t('auth.confirmAccount.confirming')}
          done={t('auth.confirmAccount.done')}
          failed={t('auth.confirmAccount.failed')}
          after={<HomeOrSignInButton signedIn={Boolean(user)} />}
        />
      ) : (
        <Alert severity="info">{t('auth.confirmAccount.missing')}</Alert>
      )}
    </AuthCard>
  );
}
