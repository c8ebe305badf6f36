import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_REMINDERS,
  REMINDER_MINUTES_MAX,
  REMINDER_MINUTES_MIN,
  whatsappLink,
  type HomeSettingsDto,
} from '@contracts/businessConference-home';
import { useState, type ReactNode } from 'react';
import { apiErrorBody } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import type { TFunction } from '../../../i18n/translate';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { StaleAlert, useStaleVersion } from '../../sales/common/StaleVersion';
import { useHomeSettingsQuery, useSaveRemindersMutation, useSaveSupportContactMutation } from './api';

function Section({ icon, title, help, children, labelId }: { icon: ReactNode; title: string; help: string; children: ReactNode; labelId: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={labelId} sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box aria-hidden sx={{ color: 'primary.dark', display: 'flex', pt: 0.25 }}>
          {icon}
        </Box>
        <Box>
          <Typography id={labelId} component="h2" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        </Box>
      </Box>
      {children}
    </Paper>
  );
}

/**
 * Both forms save to one stream: `version` is the newest the page knows (the read model's, or the one our own
 * last save answered, which the refetch may not have brought yet), so saving one part right after the other is
 * not taken for a teammate's change.
 */
interface FormProps {
  data: HomeSettingsDto;
  version: number;
  onSaved: (version: number) => void;
  onReload: () => void;
}

/** "1 hora", "90 minutos", "2 horas". */
export function minutesLabel(t: TFunction, n: number): string {
  return n % 60 === 0 ? t('businessConference.home.settings.hours', { count: n / 60 }) : t('businessConference.home.settings.minutes', { count: n });
}

function RemindersForm({ data, version, onSaved, onReload }: FormProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [save, saving] = useSaveRemindersMutation();
  const [offsets, setOffsets] = useState(data.offsets);
  const [email, setEmail] = useState(data.email);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [clientId, setClientId] = useState(newClientId);
  const { stale, staleFrom } = useStaleVersion();
  const changed = () => setClientId(newClientId());

  const add = () => {
    const n = Number(draft.trim());
    if (!Number.isInteger(n) || n < REMINDER_MINUTES_MIN || n > REMINDER_MINUTES_MAX) {
      setDraftError(t('businessConference.home.settings.invalidMinutes', { min: REMINDER_MINUTES_MIN, max: REMINDER_MINUTES_MAX }));
      return;
    }
    if (offsets.includes(n)) {
      setDraftError(t('businessConference.home.settings.duplicate', { label: minutesLabel(t, n) }));
      return;
    }
    setOffsets([...offsets, n].sort((a, b) => b - a));
    setDraft('');
    setDraftError(null);
    changed();
  };

  const submit = async () => {
    try {
      onSaved((await save({ eventId: data.eventId, body: { offsets, email, expectedVersion: version, clientId } }).unwrap()).data.version);
      notify(t('businessConference.home.settings.remindersSaved'), 'success');
    } catch (error) {
      if (staleFrom(error)) return;
      const first = apiErrorBody(error)?.errors?.[0];
      if (first) setDraftError(first.message);
      notifyError(error, t('common.unexpectedError'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} sx={{ display: 'grid', gap: 2 }} data-testid="bc-reminders-form">
      <StaleAlert message={stale} onReload={onReload} reloadLabel={t('businessConference.home.settings.reload')} testId="bc-reminders-reload" />
      <Box component="ul" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }} aria-label={t('businessConference.home.settings.remindersSection')}>
        {offsets.length === 0 && (
          <Typography component="li" variant="body2" color="text.secondary">
            {t('businessConference.home.settings.noReminders')}
          </Typography>
        )}
        {offsets.map((o) => (
          <li key={o}>
            <Chip
              label={t('businessConference.home.settings.minutesBefore', { label: minutesLabel(t, o) })}
              onDelete={() => (setOffsets(offsets.filter((x) => x !== o)), changed())}
              title={t('businessConference.home.settings.removeReminder', { label: minutesLabel(t, o) })}
              data-testid={`bc-reminder-${o}`}
            />
          </li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          id="bc-reminder-minutes"
          label={t('businessConference.home.settings.addMinutes')}
          value={draft}
          onChange={(e) => (setDraft(e.target.value), setDraftError(null))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          error={!!draftError}
          helperText={draftError ?? t('businessConference.home.settings.addMinutesHelp', { min: REMINDER_MINUTES_MIN, max: REMINDER_MINUTES_MAX, count: MAX_REMINDERS })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: '1 1 220px', maxWidth: 320 }}
        />
        <Button onClick={add} variant="outlined" disabled={offsets.length >= MAX_REMINDERS} sx={{ mt: 1 }} data-testid="bc-reminder-add">
          {t('businessConference.home.settings.add')}
        </Button>
      </Box>
      <Box>
        <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
          {t('businessConference.home.settings.channels')}
        </Typography>
        <FormGroup>
          <FormControlLabel
            control={<Switch checked={email} onChange={(e) => (setEmail(e.target.checked), changed())} slotProps={{ input: { 'aria-describedby': 'bc-reminders-email-help' } }} data-testid="bc-reminders-email" />}
            label={t('businessConference.home.settings.email')}
          />
          <FormHelperText id="bc-reminders-email-help" sx={{ mt: -0.5, mb: 1 }}>
            {t('businessConference.home.settings.emailHelp')}
          </FormHelperText>
          <FormControlLabel
            control={<Switch checked={false} disabled slotProps={{ input: { 'aria-describedby': 'bc-reminders-whatsapp-help' } }} />}
            label={t('businessConference.home.settings.whatsapp')}
          />
          <FormHelperText id="bc-reminders-whatsapp-help" sx={{ mt: -0.5 }}>
            {t('businessConference.home.settings.whatsappHelp')}
          </FormHelperText>
        </FormGroup>
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={saving.isLoading} data-testid="bc-reminders-save">
          {saving.isLoading ? t('common.saving') : t('businessConference.home.settings.saveReminders')}
        </Button>
      </Box>
    </Box>
  );
}

function SupportForm({ data, version, onSaved, onReload }: FormProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [save, saving] = useSaveSupportContactMutation();
  const [phone, setPhone] = useState(data.supportPhone ?? '');
  const [email, setEmail] = useState(data.supportEmail ?? '');
  const [errors, setErrors] = useState<{ phone?: string; email?: string }>({});
  const [clientId, setClientId] = useState(newClientId);
  const { stale, staleFrom } = useStaleVersion();
  const link = whatsappLink(phone);

  const submit = async () => {
    setErrors({});
    try {
      const r = await save({ eventId: data.eventId, body: { phone: phone.trim() || null, email: email.trim() || null, expectedVersion: version, clientId } }).unwrap();
      onSaved(r.data.version);
      notify(t('businessConference.home.settings.supportSaved'), 'success');
    } catch (error) {
      if (staleFrom(error)) return;
      const body = apiErrorBody(error) as { messagePublic?: string; field?: string; details?: { field?: string }; errors?: { path: string; message: string }[] } | undefined;
      const field = body?.errors?.[0]?.path ?? body?.field ?? body?.details?.field;
      if (field === 'phone' || field === 'email') setErrors({ [field]: body?.errors?.[0]?.message ?? body?.messagePublic });
      notifyError(error, t('common.unexpectedError'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} sx={{ display: 'grid', gap: 2 }} data-testid="bc-support-form">
      <StaleAlert message={stale} onReload={onReload} reloadLabel={t('businessConference.home.settings.reload')} testId="bc-support-reload" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id="bc-support-phone"
          label={t('businessConference.home.settings.phone')}
          value={phone}
          onChange={(e) => (setPhone(e.target.value), setClientId(newClientId()))}
          error={!!errors.phone}
          helperText={errors.phone ?? t('businessConference.home.settings.phoneHelp')}
          slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel' } }}
        />
        <TextField
          id="bc-support-email"
          label={t('businessConference.home.settings.supportEmail')}
          value={email}
          onChange={(e) => (setEmail(e.target.value), setClientId(newClientId()))}
          error={!!errors.email}
          helperText={errors.email}
          slotProps={{ htmlInput: { inputMode: 'email', autoComplete: 'email' } }}
        />
      </Box>
      {link && (
        <Typography variant="body2" color="text.secondary">
          {t('businessConference.home.settings.preview', { link: '' })}
          <Link href={link} target="_blank" rel="noopener noreferrer">
            {link}
          </Link>
        </Typography>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={saving.isLoading} data-testid="bc-support-save">
          {saving.isLoading ? t('common.saving') : t('businessConference.home.settings.saveSupport')}
        </Button>
      </Box>
    </Box>
  );
}

/** Business conference › Configuración › Recordatorios: reminders before meetings and the support contact. */
export default function RemindersPage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const { data, error, isLoading, refetch } = useHomeSettingsQuery(eventId!, { skip: !eventId });
  const [saved, setSaved] = useState(-1);
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader title={t('businessConference.home.settings.title')} subtitle={t('businessConference.home.settings.subtitle')} />
      <Section
        labelId="bc-reminders-title"
        icon={<NotificationsActiveIcon />}
        title={t('businessConference.home.settings.remindersSection')}
        help={t('businessConference.home.settings.remindersHelp')}
      >
        {/* Each form restarts when its own part changes on the server, not when the other part is saved (one stream, one version). */}
        <RemindersForm key={`r:${data.offsets.join(',')}:${data.email}`} data={data} version={Math.max(data.version, saved)} onSaved={setSaved} onReload={() => void refetch()} />
      </Section>
      <Section labelId="bc-support-title" icon={<SupportAgentIcon />} title={t('businessConference.home.settings.supportSection')} help={t('businessConference.home.settings.supportHelp')}>
        <SupportForm key={`s:${data.supportPhone}:${data.supportEmail}`} data={data} version={Math.max(data.version, saved)} onSaved={setSaved} onReload={() => void refetch()} />
      </Section>
    </Box>
  );
}
