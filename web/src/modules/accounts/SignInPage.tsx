import type { SigninRequest } from '@contracts/accounts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormField } from '../../components/FormField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from '../../i18n';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { apiErrorStatus } from '../../app/api';
import { hideSnackbar } from '../../app/snackbar';
import { useAppDispatch } from '../../app/store';
import { decodeRedirect } from '../../app/guards';
import { AuthCard } from '../../components/AuthCard';
import { useZodForm } from '../../components/form';
import { useNotify } from '../../components/notify';
import { PasswordField } from '../../components/PasswordField';
import { useCurrentUser, useSignInMutation } from './api';

// The first page of most visits: its validation (zod) loads with the first edit of the form, not with the page.
const loadSigninForm = () => import('@contracts/account-forms').then((m) => m.signinForm);
// The notice shows only when a guard sent the user here (a redirect in the path): MUI Alert loads with it.
const Alert = lazy(() => import('@mui/material/Alert'));

/** /auth/sign-in/{redirect?}: after signing in, back to the original path (`&` stands for `/`). */
export function Component() {
  const { t } = useTranslation();
  const { redirect } = useParams();
  const target = decodeRedirect(redirect);
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [signIn, { isLoading }] = useSignInMutation();
  const { notify, notifyError } = useNotify();
  const form = useZodForm(loadSigninForm, { email: '', password: '' });
  const dispatch = useAppDispatch();
  // The "Credenciales incorrectas" toast of a failed attempt: closed once the next attempt succeeds.
  const failedToast = useRef<number | null>(null);

  if (user) return <Navigate to={target} replace />;

  const onSubmit = form.submit<SigninRequest>(
    async (body) => {
      await signIn(body).unwrap();
      if (failedToast.current !== null) dispatch(hideSnackbar(failedToast.current));
      failedToast.current = null;
      navigate(target, { replace: true });
    },
    (error) => {
      // Spec section 8: sign-in 401 is 'Credenciales incorrectas'.
      if (apiErrorStatus(error) === 401) failedToast.current = notify(t('auth.signIn.failed'), 'error').payload.id;
      else notifyError(error, t('common.networkError'));
    },
  );

  return (
    <AuthCard title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')}>
      {redirect && (
        <Suspense fallback={null}>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('auth.signIn.redirectNotice')}
          </Alert>
        </Suspense>
      )}
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit} aria-label={t('auth.signIn.title')} sx={{ display: 'grid', gap: 2 }}>
        <FormField {...form.field('email')} label={t('auth.fields.email')} type="email" autoComplete="email" required autoFocus />
        <PasswordField {...form.field('password')} label={t('auth.fields.password')} autoComplete="current-password" required />
        <Box sx={{ textAlign: 'right', mt: -1 }}>
          <Link component={RouterLink} to="/auth/password-reset" variant="body2">
            {t('auth.signIn.forgot')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={isLoading} data-testid="sign-in-submit">
          {t('auth.signIn.submit')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {t('auth.signIn.noAccount')}{' '}
        <Link component={RouterLink} to="/auth/register" sx={{ fontWeight: 600 }}>
          {t('auth.signIn.register')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
