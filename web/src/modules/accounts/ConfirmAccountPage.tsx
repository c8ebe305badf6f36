import Alert from '@mui/material/Alert';
import { useTranslation } from '../../i18n';
import { useConfirmAccountMutation, useCurrentUser } from './api';
import { HomeOrSignInButton, TokenPage } from './TokenAction';

/** /confirm/account/{token?}: confirms an account from the link sent by e-mail. */
export function Component() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [confirm] = useConfirmAccountMutation();
  return (
    <TokenPage
      title={t('auth.confirmAccount.title')}
      action={confirm}
      running={t('auth.confirmAccount.confirming')}
      done={t('auth.confirmAccount.done')}
      failed={t('auth.confirmAccount.failed')}
      after={<HomeOrSignInButton signedIn={Boolean(user)} />}
    >
      <Alert severity="info">{t('auth.confirmAccount.missing')}</Alert>
    </TokenPage>
  );
}
