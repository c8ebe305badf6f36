import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WEBHOOK_EVENT_NAMES } from '@contracts/contacts-integration';
import { useState } from 'react';
import { apiErrorMessage } from '../../app/api';
import { newClientId } from '../../app/clientId';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useContactsBase } from './common';
import { useAddWebhookMutation, useCreateApiKeyMutation, useIntegrationQuery, useRemoveWebhookMutation, useRevokeApiKeyMutation } from './integrationApi';

type EventName = (typeof WEBHOOK_EVENT_NAMES)[number];
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('es-PE', { dateStyle: 'short', timeStyle: 'short' }) : null);

/** A secret shown once (a new API key, a webhook's signing secret), with a copy button. */
function SecretDialog({ title, help, secret, onClose }: { title: string; help: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    notify(t('contacts.integration.copied'), 'success');
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {help}
        </Alert>
        <TextField value={secret} fullWidth label={title} slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }} data-testid="shown-secret" />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('contacts.integration.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('contacts.integration.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `settings/integration`: API keys to push contacts in, and webhooks on contact changes with their deliveries. */
export default function IntegrationPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { client } = useContactsBase();
  // The delivery log follows the worker: refreshed while the page is open.
  const { data, error } = useIntegrationQuery({ client }, { pollingInterval: 5000 });
  const [createKey, creatingKey] = useCreateApiKeyMutation();
  const [revokeKey] = useRevokeApiKeyMutation();
  const [addWebhook, addingWebhook] = useAddWebhookMutation();
  const [removeWebhook] = useRemoveWebhookMutation();
  const [keyName, setKeyName] = useState('');
  const [keyId, setKeyId] = useState(newClientId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventName[]>([...WEBHOOK_EVENT_NAMES]);
  const [hookId, setHookId] = useState(newClientId);
  const [shown, setShown] = useState<{ title: string; help: string; secret: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (error) return <ErrorView {...describeError(error)} />;
  if (!data) return <LinearProgress aria-label={t('common.loading')} />;

  const run = async (action: () => Promise<void>) => {
    setFailure(null);
    try {
      await action();
    } catch (err) {
      setFailure(apiErrorMessage(err, t('contacts.integration.saveFailed')));
    }
  };
  const onCreateKey = () =>
    run(async () => {
      const r = await createKey({ client, body: { clientId: keyId, name: keyName } }).unwrap();
      setKeyId(newClientId());
      setKeyName('');
      if (r.data.key) setShown({ title: t('contacts.integration.newKey'), help: t('contacts.integration.keyShownOnce'), secret: r.data.key });
    });
  const onAddWebhook = () =>
    run(async () => {
      const r = await addWebhook({ client, body: { clientId: hookId, url, events } }).unwrap();
      setHookId(newClientId());
      setUrl('');
      if (r.data.secret) setShown({ title: t('contacts.integration.webhooks'), help: t('contacts.integration.secretShownOnce'), secret: r.data.secret });
    });
  const endpoint = `${window.location.origin}/api/v2/integration/contacts`;

  return (
    <>
      <PageHeader title={t('contacts.integration.title')} subtitle={t('contacts.integration.subtitle')} />
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Paper component="section" aria-labelledby="integration-keys" sx={{ p: 2, mb: 3 }}>
        <Typography id="integration-keys" variant="h6" component="h2" gutterBottom>
          {t('contacts.integration.keys')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {t('contacts.integration.keysHelp', { url: endpoint })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
          <TextField size="small" label={t('contacts.integration.keyName')} value={keyName} onChange={(e) => setKeyName(e.target.value)} sx={{ flex: 1 }} />
          <Button variant="contained" onClick={() => void onCreateKey()} disabled={creatingKey.isLoading || !keyName.trim()}>
            {t('contacts.integration.createKey')}
          </Button>
        </Stack>
        {data.keys.length === 0 ? (
          <Typography color="text.secondary">{t('contacts.integration.noKeys')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('contacts.integration.keys')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('contacts.integration.keyName')}</TableCell>
                  <TableCell>{t('contacts.integration.prefix')}</TableCell>
                  <TableCell>{t('contacts.integration.createdAt')}</TableCell>
                  <TableCell>{t('contacts.integration.lastUsedAt')}</TableCell>
                  <TableCell>{t('contacts.integration.status')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.keys.map((k) => (
                  <TableRow key={k._id}>
                    <TableCell>{k.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{k.prefix}…</TableCell>
                    <TableCell>{when(k.createdAt)}</TableCell>
                    <TableCell>{when(k.lastUsedAt) ?? t('contacts.integration.never')}</TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" color={k.revokedAt ? 'default' : 'success'} label={k.revokedAt ? t('contacts.integration.revoked') : t('contacts.integration.active')} />
                    </TableCell>
                    <TableCell>
                      {!k.revokedAt && (
                        <Button
                          size="small"
                          color="error"
                          aria-label={t('contacts.integration.revokeNamed', { name: k.name })}
                          onClick={() => void run(async () => {
                            await revokeKey({ client, id: k._id }).unwrap();
                            notify(t('contacts.integration.revokedOk'), 'success');
                          })}
                        >
                          {t('contacts.integration.revoke')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Paper>

      <Paper component="section" aria-labelledby="integration-webhooks" sx={{ p: 2 }}>
        <Typography id="integration-webhooks" variant="h6" component="h2" gutterBottom>
          {t('contacts.integration.webhooks')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('contacts.integration.webhooksHelp')}
        </Typography>
        <Stack spacing={1} sx={{ mb: 2 }}>
          <TextField size="small" type="url" label={t('contacts.integration.url')} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />
          <FormGroup row aria-label={t('contacts.integration.events')}>
            {WEBHOOK_EVENT_NAMES.map((ev) => (
              <FormControlLabel
                key={ev}
                label={t(`contacts.integration.event_${ev.replace('.', '_')}`)}
                control={<Checkbox checked={events.includes(ev)} onChange={(e) => setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))} />}
              />
            ))}
          </FormGroup>
          <Box>
            <Button variant="contained" onClick={() => void onAddWebhook()} disabled={addingWebhook.isLoading || !url.trim() || events.length === 0}>
              {t('contacts.integration.addWebhook')}
            </Button>
          </Box>
        </Stack>
        {data.webhooks.length === 0 && <Typography color="text.secondary">{t('contacts.integration.noWebhooks')}</Typography>}
        {data.webhooks.map((h) => (
          <Paper key={h._id} variant="outlined" sx={{ p: 1.5, mb: 1.5 }} data-testid="webhook">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
              <Typography sx={{ fontFamily: 'monospace', flex: 1, overflowWrap: 'anywhere' }}>{h.url}</Typography>
              <Box>
                {h.events.map((ev) => (
                  <Chip key={ev} size="small" label={t(`contacts.integration.event_${ev.replace('.', '_')}`)} sx={{ mr: 0.5 }} />
                ))}
              </Box>
              <Button
                size="small"
                color="error"
                aria-label={t('contacts.integration.removeNamed', { url: h.url })}
                onClick={() => void run(async () => {
                  await removeWebhook({ client, id: h._id }).unwrap();
                  notify(t('contacts.integration.removedOk'), 'success');
                })}
              >
                {t('contacts.integration.remove')}
              </Button>
            </Stack>
            <Typography variant="subtitle2" component="h3">
              {t('contacts.integration.deliveries')}
            </Typography>
            {h.deliveries.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('contacts.integration.noDeliveries')}
              </Typography>
            ) : (
              <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
                {h.deliveries.map((d) => (
                  <Typography component="li" variant="body2" key={`${d.at}-${d.contactId}-${d.attempt}`}>
                    {when(d.at)} · {t(`contacts.integration.event_${d.event.replace('.', '_')}`)} · {t('contacts.integration.attempt', { n: d.attempt })} ·{' '}
                    <Chip size="small" variant="outlined" color={d.statusCode && d.statusCode < 300 ? 'success' : 'error'} label={d.statusCode ?? `${t('contacts.integration.failed')}: ${d.error ?? ''}`} />
                  </Typography>
                ))}
              </Box>
            )}
          </Paper>
        ))}
      </Paper>
      {shown && <SecretDialog {...shown} onClose={() => setShown(null)} />}
    </>
  );
}
