import { signupForm } from '@contracts/account-forms';
import type { SignupRequest } from '@contracts/accounts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormField } from '../../components/FormField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AuthCard } from '../../components/AuthCard';
import { useZodForm } from '../../components/form';
import { useNotify } from '../../components/notify';
import { PasswordField } from '../../components/PasswordField';
import { useSignUpMutation } from './api';

/** /auth/register: name, e-mail, password; then the "check your e-mail" page. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [signUp, { isLoading }] = useSignUpMutation();
  const { notify, notifyError } = useNotify();
  // One id per form: a retried submit (double click, flaky network) creates one account only.
  const [clientId] = useState(() => crypto.randomUUID());
  const form = useZodForm(signupForm, { displayName: '', email: '', password: '', confirmPassword: '' });

  const onSubmit = form.submit<SignupRequest>(
    async (parsed) => {
      await signUp({ displayName: parsed.displayName, email: parsed.email, password: parsed.password, clientId }).unwrap();
      notify(t('auth.register.success'), 'success');
      navigate('/auth/verify', { replace: true });
    },
    (error) => notifyError(error, t('auth.register.failed')),
    (v) => ({ confirmPassword: v.password !== v.confirmPassword ? t('auth.passwordMismatch') : undefined }),
  );

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit} aria-label={t('auth.register.title')} sx={{ display: 'grid', gap: 2 }}>
        <FormField {...form.field('displayName')} label={t('auth.fields.displayName')} autoComplete="name" required autoFocus />
        <FormField {...form.field('email')} label={t('auth.fields.email')} type="email" autoComplete="email" required />
        <PasswordField {...form.field('password')} label={t('auth.fields.password')} autoComplete="new-password" required />
        <PasswordField {...form.field('confirmPassword')} label={t('auth.fields.confirmPassword')} autoComplete="new-password" required />
        <Typography variant="body2" color="text.secondary">
          {t('auth.register.acceptTerms')}{' '}
          <Link component={RouterLink} to="/generalConditionsUtilization">
            {t('auth.register.terms')}
          </Link>{' '}
          {t('auth.register.and')}{' '}
          <Link component={RouterLink} to="/confidentialityPolicy">
            {t('auth.register.privacy')}
          </Link>
          .
        </Typography>
        <Button type="submit" variant="contained" size="large" disabled={isLoading} data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {t('auth.register.haveAccount')}{' '}
        <Link component={RouterLink} to="/auth/sign-in" sx={{ fontWeight: 600 }}>
          {t('auth.register.signIn')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
