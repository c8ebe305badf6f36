import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { AuthCard } from '../../components/AuthCard';
import { useNotify } from '../../components/notify';
import { useCurrentUser, useResendVerificationMutation, useVerifyEmailMutation } from './api';
import { HomeOrSignInButton, TokenAction } from './TokenAction';

/** /auth/verify/{token?}: with a token, verifies the e-mail; without, says to check the inbox. */
export function Component() {
  const { t } = useTranslation();
  const { token } = useParams();
  const user = useCurrentUser();
  const [verify] = useVerifyEmailMutation();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const { notify, notifyError } = useNotify();
  const run = useCallback(() => verify(token!).unwrap(), [verify, token]);

  if (token) {
    return (
      <AuthCard title={t('auth.verify.title')}>
        <TokenAction
          run={run}
          running={t('auth.verify.verifying')}
          done={t('auth.verify.done')}
          failed={t('auth.verify.failed')}
          after={<HomeOrSignInButton signedIn={Boolean(user)} />}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.verify.title')}>
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
    </AuthCard>
  );
}
