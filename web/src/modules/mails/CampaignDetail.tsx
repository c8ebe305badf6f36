import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { CAMPAIGN_UPDATED_SOCKET_EVENT, recipientStateSchema, type CampaignDto, type CampaignRecipientDto } from '@contracts/contacts-campaigns';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { newClientId } from '../../app/clientId';
import { useSocketEvent } from '../../app/socket';
import { useAppDispatch } from '../../app/store';
import { describeError, ErrorView } from '../../components/ErrorPage';
import { useNotify } from '../../components/notify';
import { GridSearchField, ServerDataGrid, useServerGridQuery } from '../../components/ServerDataGrid';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { mailsApi, useCampaignQuery, useCampaignRecipientsQuery, useChangeCampaignMutation, type CampaignAction, type CampaignScope } from './api';
import { StatusChip, when } from './campaigns';

/** The lifecycle actions a campaign offers in each status (the decider refuses the others). */
const ACTIONS: Record<CampaignDto['status'], CampaignAction[]> = {
  draft: ['cancel'],
  scheduled: ['cancel'],
  running: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  cancelled: [],
  completed: [],
};

/**
 * One campaign: its status with the actions it allows, a live progress bar and the recipients per state (refetched
 * on every `contactsCampaign:updated` push of the organizer's room), the engagement chart and, for the organizer's
 * campaigns, the recipients grid with each one's state.
 */
export function CampaignDetail({ scope, id, base }: { scope: CampaignScope; id: string; base: string }) {
  const { t } = useTranslation();
  const { notifyError } = useNotify();
  const dispatch = useAppDispatch();
  const { data, error } = useCampaignQuery({ ...scope, id });
  const [change, changing] = useChangeCampaignMutation();
  // One client id per action and status seen: a double click is one command, the next pause after a resume a new one.
  const [actionIds] = useState(() => new Map<string, string>());
  const onPush = useCallback(
    (p: { campaign: CampaignDto }) => {
      // The campaign, its counts and the recipients grid share the tag: one push refreshes them all.
      if (p.campaign.id === id) dispatch(mailsApi.util.invalidateTags(['MailCampaigns']));
    },
    [id, dispatch],
  );
  useSocketEvent(CAMPAIGN_UPDATED_SOCKET_EVENT, onPush);
  if (error) return <ErrorView {...describeError(error)} />;
  if (!data) return <LinearProgress aria-label={t('common.loading')} />;
  const { campaign, counts, remaining, engagement } = data;
  const total = campaign.recipientCount;
  const done = Math.max(0, total - remaining);
  const run = async (action: CampaignAction) => {
    const key = `${action}:${campaign.status}`;
    if (!actionIds.has(key)) actionIds.set(key, newClientId());
    try {
      await change({ ...scope, id, action, clientId: actionIds.get(key)! }).unwrap();
    } catch (e) {
      notifyError(e, t('mails.detail.actionFailed'));
    }
  };
  const chart = engagement
    ? [
        { name: t('mails.detail.opens'), total: engagement.opens, unique: engagement.uniqueOpens },
        { name: t('mails.detail.clicks'), total: engagement.clicks, unique: engagement.uniqueClicks },
      ]
    : [];
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Link component={RouterLink} to={base} sx={{ justifySelf: 'start' }}>
        {t('mails.detail.back')}
      </Link>
      <PageHeader
        title={campaign.name}
        subtitle={`${t(`mails.channel.${campaign.channel}`)} · ${t('mails.detail.created', { at: when(campaign.createdAt) })}${campaign.scheduledFor ? ` · ${t('mails.detail.scheduled', { at: when(campaign.scheduledFor) })}` : ''}`}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusChip status={campaign.status} />
            {ACTIONS[campaign.status].map((a) => (
              <Button key={a} variant={a === 'cancel' ? 'text' : 'outlined'} color={a === 'cancel' ? 'error' : 'primary'} disabled={changing.isLoading} onClick={() => void run(a)}>
                {t(`mails.detail.${a}`)}
              </Button>
            ))}
          </Box>
        }
      />
      <Paper variant="outlined" component="section" aria-label={t('mails.detail.progress')} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('mails.detail.progress')}
        </Typography>
        <LinearProgress variant="determinate" value={total ? (100 * done) / total : 0} aria-label={t('mails.detail.progressBar', { done, total })} sx={{ height: 10, borderRadius: 5 }} />
        <Typography data-testid="campaign-progress">{t('mails.detail.progressText', { done, total })}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="campaign-counts">
          {recipientStateSchema.options
            .filter((s) => counts[s])
            .map((s) => (
              <Chip key={s} variant="outlined" label={`${t(`mails.state.${s}`)}: ${counts[s]}`} />
            ))}
        </Box>
        {campaign.status === 'paused' && <Alert severity="warning">{t('mails.detail.pausedHelp')}</Alert>}
      </Paper>
      {engagement && (
        <Paper variant="outlined" component="section" aria-label={t('mails.detail.engagement')} sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('mails.detail.engagement')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="campaign-engagement">
            {t('mails.detail.engagementText', { opens: engagement.uniqueOpens, clicks: engagement.uniqueClicks })}
          </Typography>
          <Box sx={{ width: '100%', height: 220 }}>
            <ResponsiveContainer>
              <BarChart data={chart} accessibilityLayer>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Bar dataKey="total" name={t('mails.detail.total')} fill="#1976d2" />
                <Bar dataKey="unique" name={t('mails.detail.unique')} fill="#2e7d32" />
              </BarChart>
            </ResponsiveContainer>
          </Box>
        </Paper>
      )}
      {!scope.eventId && <RecipientsGrid id={id} status={campaign.status} />}
    </Box>
  );
}

function RecipientsGrid({ id, status }: { id: string; status: CampaignDto['status'] }) {
  const { t } = useTranslation();
  const { query, searchProps, models } = useServerGridQuery();
  const { data, isFetching } = useCampaignRecipientsQuery({ id, q: query });
  const columns: GridColDef<CampaignRecipientDto>[] = [
    { field: 'name', headerName: t('mails.recipients.name'), flex: 1, minWidth: 150 },
    { field: 'address', headerName: t('mails.recipients.address'), flex: 1, minWidth: 180 },
    { field: 'state', headerName: t('mails.recipients.state'), width: 130, valueFormatter: (v: CampaignRecipientDto['state']) => t(`mails.state.${v}`) },
    { field: 'opens', headerName: t('mails.detail.opens'), type: 'number', width: 100, sortable: false, filterable: false },
    { field: 'clicks', headerName: t('mails.detail.clicks'), type: 'number', width: 100, sortable: false, filterable: false },
    { field: 'error', headerName: t('mails.recipients.error'), flex: 1, minWidth: 140, sortable: false },
    { field: 'updatedAt', headerName: t('mails.recipients.updatedAt'), width: 150, valueFormatter: (v: string | null) => when(v) },
  ];
  return (
    <Paper variant="outlined" component="section" aria-label={t('mails.recipients.title')} sx={{ p: { xs: 1, sm: 2 } }} data-status={status}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, flex: 1 }}>
          {t('mails.recipients.title')}
        </Typography>
        <GridSearchField {...searchProps} label={t('mails.recipients.search')} />
      </Box>
      <ServerDataGrid models={models} data={data} isFetching={isFetching} columns={columns} label={t('mails.recipients.title')} getRowId={(r) => r.id} />
    </Paper>
  );
}
