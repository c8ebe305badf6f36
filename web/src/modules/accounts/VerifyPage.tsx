import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { useNotify } from '../../components/notify';
import { useCurrentUser, useResendVerificationMutation, useVerifyEmailMutation } from './api';
import { HomeOrSignInButton, TokenPage } from './TokenAction';

/** /auth/verify/{token?}: with a token, verifies the e-mail; without, says to check the inbox. */
export function Component() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [verify] = useVerifyEmailMutation();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const { notify, notifyError } = useNotify();
  return (
    <TokenPage
      title={t('auth.verify.title')}
      action={verify}
      running={t('auth.verify.verifying')}
      done={t('auth.verify.done')}
      failed={t('auth.verify.failed')}
      after={<HomeOrSignInButton signedIn={Boolean(user)} />}
    >
      <Alert severity="info">{t('auth.verify.pending')}</Alert>
      {user ? (
        <Button
          sx={{ mt: 3 }}
          variant="outlined"
          fullWidth
          disabled={isLoading}
          onClick={() =>
            resend()
              .unwrap()
              .then(
                () => notify(t('auth.verify.resent'), 'success'),
                (e) => notifyError(e, t('common.unexpectedError')),
              )
          }
        >
          {t('auth.verify.resend')}
        </Button>
      ) : (
        <Typography sx={{ mt: 3 }}>
          <Button component={RouterLink} to="/auth/sign-in" variant="contained" fullWidth>
            {t('auth.verify.signIn')}
          </Button>
        </Typography>
      )}
    </TokenPage>
  );
}
