import { passwordResetRequestForm, passwordResetSetForm } from '@contracts/account-forms';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormField } from '../../components/FormField';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { AuthCard } from '../../components/AuthCard';
import { useZodForm } from '../../components/form';
import { useNotify } from '../../components/notify';
import { PasswordField } from '../../components/PasswordField';
import { useRequestPasswordResetMutation, useResetPasswordMutation } from './api';
import { DoneNotice } from './TokenAction';

function RequestForm() {
  const { t } = useTranslation();
  const [request, { isLoading }] = useRequestPasswordResetMutation();
  const { notifyError } = useNotify();
  const [sent, setSent] = useState(false);
  const form = useZodForm(passwordResetRequestForm, { email: '' });
  const onSubmit = form.submit<{ email: string }>(
    async (body) => {
      await request(body).unwrap();
      setSent(true);
    },
    (error) => notifyError(error, t('common.unexpectedError')),
  );
  if (sent) return <DoneNotice text={t('auth.passwordReset.requested')} />;
  return (
    <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit} aria-label={t('auth.passwordReset.title')} sx={{ display: 'grid', gap: 2 }}>
      <FormField {...form.field('email')} label={t('auth.fields.email')} type="email" autoComplete="email" required autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={isLoading}>
        {t('auth.passwordReset.requestSubmit')}
      </Button>
    </Box>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [reset, { isLoading }] = useResetPasswordMutation();
  const { notifyError } = useNotify();
  const [done, setDone] = useState(false);
  const form = useZodForm(passwordResetSetForm, { password: '', confirmPassword: '' });
  const onSubmit = form.submit<{ password: string }>(
    async (body) => {
      await reset({ token, password: body.password }).unwrap();
      setDone(true);
    },
    (error) => notifyError(error, t('auth.passwordReset.failed')),
    (v) => ({ confirmPassword: v.password !== v.confirmPassword ? t('auth.passwordMismatch') : undefined }),
  );
  if (done) return <DoneNotice text={t('auth.passwordReset.done')} goHome />;
  return (
    <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit} aria-label={t('auth.passwordReset.title')} sx={{ display: 'grid', gap: 2 }}>
      <PasswordField {...form.field('password')} label={t('auth.fields.newPassword')} autoComplete="new-password" required autoFocus />
      <PasswordField {...form.field('confirmPassword')} label={t('auth.fields.confirmPassword')} autoComplete="new-password" required />
      <Button type="submit" variant="contained" size="large" disabled={isLoading}>
        {t('auth.passwordReset.submit')}
      </Button>
    </Box>
  );
}

/** /auth/password-reset/{token?} and /appControl/password-reset/{token?}: ask for a link, or set a new password. */
export function Component() {
  const { t } = useTranslation();
  const { token } = useParams();
  return (
    <AuthCard title={t('auth.passwordReset.title')} subtitle={token ? t('auth.passwordReset.newText') : t('auth.passwordReset.requestText')}>
      {token ? <NewPasswordForm token={token} /> : <RequestForm />}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/auth/sign-in" variant="body2">
          {t('auth.verify.signIn')}
        </Link>
      </Box>
    </AuthCard>
  );
}
