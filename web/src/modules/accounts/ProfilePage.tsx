import { AVATAR_MAX_BYTES, changePasswordForm, emailChangeForm, profileUpdateForm } from '@contracts/account-forms';
import type { ChangePasswordRequest, EmailChangeRequest, ProfileUpdate } from '@contracts/accounts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import { FormField } from '../../components/FormField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Link as RouterLink, useLoaderData } from 'react-router-dom';
import type { AuthUser } from '@contracts/accounts';
import { layout } from '../../app/theme';
import { Avatar } from '../../components/Avatar';
import { useZodForm } from '../../components/form';
import { useNotify } from '../../components/notify';
import { PasswordField } from '../../components/PasswordField';
import { apiErrorMessage } from '../../app/api';
import {
  useChangePasswordMutation,
  useCurrentUser,
  useRemoveAvatarMutation,
  useRequestEmailChangeMutation,
  useSetProfilePreferencesMutation,
  useUpdateProfileMutation,
  useUploadAvatarMutation,
} from './api';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, flex: 1, minWidth: 0 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateProfileMutation();
  const { notify, notifyError } = useNotify();
  const form = useZodForm(profileUpdateForm, { displayName: user.displayName });
  const onSubmit = form.submit<ProfileUpdate>(
    async (body) => {
      await update(body).unwrap();
      notify(t('auth.profile.saved'), 'success');
    },
    (error) => notifyError(error, t('common.unexpectedError')),
  );
  return (
    <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit} aria-label={t('auth.profile.personal')} sx={{ display: 'grid', gap: 2 }}>
      <FormField {...form.field('displayName')} label={t('auth.fields.displayName')} autoComplete="name" required />
      <FormField id="field-email" name="email" label={t('auth.fields.email')} value={user.email} disabled />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ justifySelf: 'start' }}>
        {t('common.save')}
      </Button>
    </Box>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const [change, { isLoading }] = useChangePasswordMutation();
  const { notify, notifyError } = useNotify();
  const form = useZodForm(changePasswordForm, { password: '', newPassword: '', confirmPassword: '' });
  const onSubmit = form.submit<ChangePasswordRequest>(
    async (body) => {
      await change({ password: body.password, newPassword: body.newPassword }).unwrap();
      form.reset();
      notify(t('auth.profile.passwordChanged'), 'success');
    },
    // Spec section 8: password change 401 is 'Ocurrio un error al actualizar la contraseña'.
    (error) => notifyError(error, t('auth.profile.passwordFailed')),
    (v) => ({ confirmPassword: v.newPassword !== v.confirmPassword ? t('auth.passwordMismatch') : undefined }),
  );
  return (
    <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit} aria-label={t('auth.profile.passwordTitle')} sx={{ display: 'grid', gap: 2 }}>
      <PasswordField {...form.field('password')} label={t('auth.fields.currentPassword')} autoComplete="current-password" required />
      <PasswordField {...form.field('newPassword')} label={t('auth.fields.newPassword')} autoComplete="new-password" required />
      <PasswordField {...form.field('confirmPassword')} label={t('auth.fields.confirmPassword')} autoComplete="new-password" required />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ justifySelf: 'start' }}>
        {t('auth.profile.passwordSubmit')}
      </Button>
    </Box>
  );
}

/**
 * The picture: upload (JPEG, PNG or WebP up to 2 MB, checked again by the server) or remove; without one the
 * avatar shows the initials on #ee6932 (spec 5).
 */
function AvatarControls({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [upload, { isLoading: uploading }] = useUploadAvatarMutation();
  const [remove, { isLoading: removing }] = useRemoveAvatarMutation();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return notify(t('auth.profile.avatarTooLarge'), 'error');
    try {
      await upload(file).unwrap();
      notify(t('auth.profile.avatarSaved'), 'success');
    } catch (e) {
      notifyError(e, t('auth.profile.avatarFailed'));
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
      <Button component="label" size="small" variant="outlined" disabled={uploading}>
        {user.avatarUrl ? t('auth.profile.avatarChange') : t('auth.profile.avatarAdd')}
        <input
          hidden
          type="file"
          accept="image/jpeg,image/png,image/webp"
          data-testid="avatar-input"
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Button>
      {user.avatarUrl && (
        <Button
          size="small"
          color="inherit"
          disabled={removing}
          onClick={() =>
            remove()
              .unwrap()
              .then(
                () => notify(t('auth.profile.avatarRemoved'), 'success'),
                (e) => notifyError(e, t('auth.profile.avatarFailed')),
              )
          }
        >
          {t('auth.profile.avatarRemove')}
        </Button>
      )}
    </Box>
  );
}

/**
 * A new e-mail: the server mails a link to it (/confirm/mail/{token}); the account keeps its current address for
 * sign-in until that link is opened. The outcome stays on screen beside the form.
 */
function EmailForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const [request, { isLoading }] = useRequestEmailChangeMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useZodForm(emailChangeForm, { email: '' });
  const onSubmit = form.submit<EmailChangeRequest>(
    async (body) => {
      setOutcome(null);
      await request(body).unwrap();
      form.reset();
      setOutcome({ ok: true, text: t('auth.profile.emailSent', { email: body.email }) });
    },
    (error) => setOutcome({ ok: false, text: apiErrorMessage(error, t('auth.profile.emailFailed')) }),
  );
  return (
    <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit} aria-label={t('auth.profile.emailTitle')} sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{t('auth.profile.emailCurrent', { email: user.email })}</Typography>
      <FormField {...form.field('email')} label={t('auth.profile.newEmail')} type="email" autoComplete="email" required />
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} role="status" data-testid="email-change-result">
          {outcome.text}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ justifySelf: 'start' }}>
        {t('auth.profile.emailSubmit')}
      </Button>
    </Box>
  );
}

/**
 * Whether people holding tickets of the same events may start a chat with the user (off unless chosen; the
 * organizer's team of those events can always write). Saved at once, like a setting.
 */
function AttendeeChatPreference({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [save, { isLoading }] = useSetProfilePreferencesMutation();
  // The switch moves at once; the saved value (the answer's user) takes over when the save ends.
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? user.allowAttendeeChat === true;
  const toggle = async (allowAttendeeChat: boolean) => {
    setPending(allowAttendeeChat);
    try {
      await save({ allowAttendeeChat }).unwrap();
      notify(allowAttendeeChat ? t('auth.profile.attendeeChatOn') : t('auth.profile.attendeeChatOff'), 'success');
    } catch (e) {
      notifyError(e, t('auth.profile.attendeeChatFailed'));
    } finally {
      setPending(null);
    }
  };
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={isLoading}
            onChange={(e) => void toggle(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'profile-attendee-chat-help' } }}
            data-testid="profile-attendee-chat"
          />
        }
        label={t('auth.profile.attendeeChat')}
      />
      <FormHelperText id="profile-attendee-chat-help">{t('auth.profile.attendeeChatHelp')}</FormHelperText>
    </Box>
  );
}

/** /settings/profile (signed in): name, e-mail and password change, and the way to delete the account. */
export function Component() {
  const { t } = useTranslation();
  const loaded = useLoaderData() as AuthUser;
  const user = useCurrentUser() ?? loaded;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Avatar name={user.displayName} size={72} src={user.avatarUrl ?? undefined} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 800, fontSize: { xs: 24, md: 32 } }}>
            {t('auth.profile.title')}
          </Typography>
          <Typography color="text.secondary" noWrap>
            {user.email}
          </Typography>
          <AvatarControls user={user} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, [layout.wide]: { flexDirection: 'row', alignItems: 'flex-start' } }}>
        <Section id="profile-personal" title={t('auth.profile.personal')}>
          <ProfileForm key={user.displayName} user={user} />
        </Section>
        <Section id="profile-password" title={t('auth.profile.passwordTitle')}>
          <PasswordForm />
        </Section>
      </Box>
      <Box sx={{ mt: 3 }}>
        <Section id="profile-email" title={t('auth.profile.emailTitle')}>
          <EmailForm user={user} />
        </Section>
      </Box>
      <Box sx={{ mt: 3 }}>
        <Section id="profile-chat" title={t('auth.profile.chatTitle')}>
          <AttendeeChatPreference user={user} />
        </Section>
      </Box>
      <Paper component="section" aria-labelledby="profile-danger" variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, mt: 3 }}>
        <Typography id="profile-danger" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('auth.profile.dangerTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
          {t('auth.profile.dangerText')}
        </Typography>
        <Link component={RouterLink} to="/appControl/requestAccountDelete" sx={{ color: 'error.main', fontWeight: 600 }}>
          {t('auth.profile.dangerLink')}
        </Link>
      </Paper>
    </Container>
  );
}
