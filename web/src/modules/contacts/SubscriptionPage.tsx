import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { describeError, ErrorView } from '../../components/ErrorPage';
import { useTranslation } from '../../i18n';
import { useSaveSubscriptionMutation, useSubscriptionQuery } from './campaigns-api';

/**
 * /subscription/{contact}: the person's own page (no sign-in; `contact` is the signed token of the mail's footer)
 * to choose which channels of the organizer they accept. Opening it changes nothing; saving writes the consent.
 */
export function Component() {
  const { t } = useTranslation();
  const token = useParams().contact ?? '';
  const { data, error, isLoading } = useSubscriptionQuery(token, { skip: !token });
  const [save, saving] = useSaveSubscriptionMutation();
  const [channels, setChannels] = useState({ email: false, whatsapp: false });
  useEffect(() => {
    if (data) setChannels(data.channels);
  }, [data]);
  if (!token || error) return <ErrorView {...describeError(error ?? { status: 404 })} />;
  if (isLoading || !data) return <CircularProgress sx={{ m: 4 }} aria-label={t('contacts.subscription.loading')} />;
  return (
    <Box component="main" sx={{ maxWidth: 520, mx: 'auto', p: 2 }}>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h1" sx={{ fontSize: 24, mb: 2 }}>
          {t('contacts.subscription.title', { name: data.name })}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('contacts.subscription.intro')}</Typography>
        <FormControlLabel
          control={<Switch checked={channels.email} onChange={(e) => setChannels({ ...channels, email: e.target.checked })} disabled={!data.email} />}
          label={t('contacts.subscription.email', { address: data.email ?? '—' })}
        />
        <FormControlLabel
          control={<Switch checked={channels.whatsapp} onChange={(e) => setChannels({ ...channels, whatsapp: e.target.checked })} disabled={!data.phone} />}
          label={t('contacts.subscription.whatsapp', { address: data.phone ?? '—' })}
        />
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" disabled={saving.isLoading} onClick={() => void save({ token, channels })}>
            {t('contacts.subscription.save')}
          </Button>
        </Box>
        {saving.isSuccess && (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            {saving.data.message}
          </Alert>
        )}
        {saving.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(saving.error).messagePublic ?? t('contacts.subscription.error')}
          </Alert>
        )}
      </Paper>
    </Box>
  );
}
