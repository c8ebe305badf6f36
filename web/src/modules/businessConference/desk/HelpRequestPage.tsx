import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DoneIcon from '@mui/icons-material/TaskAltOutlined';
import HourglassIcon from '@mui/icons-material/HourglassEmptyOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgentOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { HelpRequestDto, HelpStatus } from '@contracts/businessConference-desk';
import { useState } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { showSnackbar } from '../../../app/snackbar';
import { useAppDispatch } from '../../../app/store';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { useCurrentUser } from '../../accounts/api';
import { EmptyState, PageHeader, StatCard, StatGrid } from '../../events/components/common';
import { useCurrentRound } from '../rounds/useRound';
import { useResolveHelpMutation, useRoundHelpQuery, useTakeHelpMutation } from './api';
import { HELP_ERROR_TIMEOUT } from './HelpButton';
import { clock, duration } from './format';
import { openChatWith } from './openChat';

type Filter = 'active' | HelpStatus | 'all';
/** Read by screen readers, not shown. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', margin: '-1px', padding: 0, border: 0 } as const;
const STATUS_COLOR: Record<HelpStatus, 'warning' | 'info' | 'success'> = { open: 'warning', taken: 'info', resolved: 'success' };

/**
 * The help desk (`helpRequest`, administrator and support): the current round's help requests, new ones appearing
 * live (`bcHelp:updated`). An agent takes an open request (when two click at once, one wins and the other is
 * told who took it), talks to the participant in chat and resolves it. Waits and counts on top.
 */
export default function HelpRequestPage() {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`businessConference.desk.desk.${key}`, o);
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const { round, loading } = useCurrentRound();
  const q = useRoundHelpQuery(round?._id ?? '', { skip: !round });
  const [take, taking] = useTakeHelpMutation();
  const [resolve, resolving] = useResolveHelpMutation();
  const [filter, setFilter] = useState<Filter>('active');

  if (loading || (round && q.isLoading)) return <LinearProgress aria-label={t('common.loading')} />;
  if (!round) return <EmptyState icon={<SupportAgentIcon />} title={k('noRound')} />;
  if (q.error || !q.data) return <ErrorView {...describeError(q.error)} />;
  const { data, stats } = q.data;
  const shown = data.filter((r) => (filter === 'all' ? true : filter === 'active' ? r.status !== 'resolved' : r.status === filter));

  const act = async (r: HelpRequestDto, action: 'take' | 'resolve') => {
    const args = { requestId: r._id, roundId: round._id, clientId: newClientId() };
    const result = action === 'take' ? await take(args) : await resolve(args);
    if ('error' in result) {
      dispatch(showSnackbar({ text: apiErrorMessage(result.error, t('common.unexpectedError')), severity: 'error', timeout: HELP_ERROR_TIMEOUT }));
      return;
    }
    if (action === 'take') openChatWith(dispatch, r.userId);
  };

  return (
    <Box>
      <PageHeader title={k('title')} subtitle={round.name} />
      {/* Screen readers hear how many requests wait, as new ones arrive live. */}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {k('waitingCount', { count: stats.open })}
      </Box>
      <StatGrid>
        <StatCard icon={<HourglassIcon />} label={k('open')} value={<span data-testid="help-open-count">{stats.open}</span>} />
        <StatCard icon={<SupportAgentIcon />} label={k('taken')} value={stats.taken} />
        <StatCard icon={<DoneIcon />} label={k('resolved')} value={stats.resolved} hint={k('total', { count: stats.total })} />
        <StatCard
          icon={<TimerIcon />}
          label={k('averageWait')}
          value={duration(stats.averageWaitSeconds)}
          hint={k('averageHandling', { time: duration(stats.averageHandlingSeconds) })}
        />
      </StatGrid>
      <Tabs value={filter} onChange={(_, v: Filter) => setFilter(v)} variant="scrollable" allowScrollButtonsMobile aria-label={k('filter')} sx={{ mb: 2 }}>
        <Tab value="active" label={k('filters.active')} />
        <Tab value="open" label={k('filters.open')} />
        <Tab value="taken" label={k('filters.taken')} />
        <Tab value="resolved" label={k('filters.resolved')} />
        <Tab value="all" label={k('filters.all')} />
      </Tabs>
      {shown.length === 0 ? (
        <EmptyState icon={<SupportAgentIcon />} title={k('empty')} text={k('emptyHint')} />
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={k('title')} data-testid="help-list">
          {shown.map((r) => {
            const mine = r.takenBy === me?._id;
            return (
              <Card component="li" variant="outlined" key={r._id} data-testid="help-request" data-request={r._id} data-status={r.status}>
                <CardContent sx={{ pb: 1 }}>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                      {r.companyName}
                    </Typography>
                    <Chip size="small" color={STATUS_COLOR[r.status]} label={k(`status.${r.status}`)} />
                    <Chip size="small" variant="outlined" label={k(`side.${r.side}`)} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {k('askedBy', { name: r.contactName, time: clock(r.createdAt, round.timeZone) })}
                  </Typography>
                  {r.status !== 'open' && (
                    <Typography variant="body2" color="text.secondary" data-testid="help-taken-by">
                      {k('takenBy', { name: mine ? k('you') : (r.takenByName ?? ''), wait: duration(r.waitSeconds) })}
                    </Typography>
                  )}
                  {r.status === 'resolved' && (
                    <Typography variant="body2" color="text.secondary">
                      {k('resolvedIn', { time: duration(r.handlingSeconds) })}
                    </Typography>
                  )}
                </CardContent>
                {(r.status === 'open' || (r.status === 'taken' && mine)) && (
                <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
                  {r.status === 'open' && (
                    <Button variant="contained" size="small" startIcon={<SupportAgentIcon />} disabled={taking.isLoading} onClick={() => act(r, 'take')}>
                      {k('take')}
                    </Button>
                  )}
                  {r.status === 'taken' && mine && (
                    <>
                      <Button size="small" variant="outlined" startIcon={<ChatIcon />} onClick={() => openChatWith(dispatch, r.userId)}>
                        {k('openChat')}
                      </Button>
                      <Button size="small" variant="contained" color="success" startIcon={<DoneIcon />} disabled={resolving.isLoading} onClick={() => act(r, 'resolve')}>
                        {k('resolve')}
                      </Button>
                    </>
                  )}
                </CardActions>
                )}
              </Card>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
