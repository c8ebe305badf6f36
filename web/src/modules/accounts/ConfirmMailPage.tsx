import Alert from '@mui/material/Alert';
import { useTranslation } from '../../i18n';
import { useConfirmEmailChangeMutation, useCurrentUser } from './api';
import { HomeOrSignInButton, TokenPage } from './TokenAction';

/** /confirm/mail/{token?}: confirms the new e-mail of an account from the link sent to that address. */
export function Component() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [confirm] = useConfirmEmailChangeMutation();
  return (
    <TokenPage
      title={t('auth.confirmMail.title')}
      action={confirm}
      running={t('auth.confirmMail.confirming')}
      done={t('auth.confirmMail.done')}
      failed={t('auth.confirmMail.failed')}
      after={<HomeOrSignInButton signedIn={Boolean(user)} />}
    >
      <Alert severity="info">{t('auth.confirmMail.missing')}</Alert>
    </TokenPage>
  );
}
