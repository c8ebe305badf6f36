import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RoundSummaryDto } from '@contracts/businessConference-rounds';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { generalMeetingPath } from '../home/links';
import { useRoundsSummaryQuery, type RoundWithRole } from './api';
import { formatInstant, formatRange } from './format';
import { useCurrentRound } from './useRound';

function Figure({ label, value, testId }: { label: string; value: number | string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 800 }} data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

function RoundCard({ round, summary, current, base, mayEdit }: { round: RoundWithRole; summary?: RoundSummaryDto; current: boolean; base: string; mayEdit: boolean }) {
  const { t } = useTranslation();
  const k = (key: string, v?: Record<string, unknown>) => t(`businessConference.rounds.${key}`, v);
  const dash = '—';
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`round-title-${round._id}`} sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2 }} data-testid={`dashboard-round-${round.code}`}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={`round-title-${round._id}`} component="h2" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {round.name}
        </Typography>
        <Chip size="small" label={k('code', { code: round.code })} />
        {current && <Chip size="small" variant="outlined" label={k('current')} sx={{ color: 'primary.dark', borderColor: 'primary.dark' }} />}
      </Box>
      <Typography color="text.secondary">
        {formatRange(round.startDate, round.endDate)} · {round.timeZone} · {k('daysCount', { count: round.days.length })} · {k('meetingOf', { minutes: round.meetingMinutes })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Figure label={k('figSlots')} value={round.slots.length} testId={`fig-slots-${round.code}`} />
        <Figure label={round.venue === 'tables' ? k('figTables') : k('figRooms')} value={round.tables} />
        {summary && (
          <>
            <Figure label={k('figApproved')} value={summary.participants.approved} testId={`fig-approved-${round.code}`} />
            <Figure label={k('figPending')} value={summary.participants.pending} />
            <Figure label={k('figRequested')} value={summary.meetings.requested} />
            <Figure label={k('figAccepted')} value={summary.meetings.accepted} testId={`fig-accepted-${round.code}`} />
          </>
        )}
      </Box>
      {summary && (
        <Typography variant="body2" color="text.secondary">
          {k('byType', { offer: summary.participants.offer, demand: summary.participants.demand, both: summary.participants.offerDemand })}
        </Typography>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
        <dt>{k('requestDeadline')}</dt>
        <dd>{round.requestDeadline ? formatInstant(round.requestDeadline, round.timeZone) : dash}</dd>
        <dt>{k('productDeadline')}</dt>
        <dd>{round.productDeadline ? formatInstant(round.productDeadline, round.timeZone) : dash}</dd>
        <dt>{k('requestMode')}</dt>
        <dd>{round.requestMode === 'accept' ? k('requestModeAccept') : k('requestModeAuto')}</dd>
        <dt>{k('schedulingMode')}</dt>
        <dd>{round.schedulingMode === 'participants' ? k('schedulingParticipants') : k('schedulingOrganizer')}</dd>
        <dt>{k('maxRequestsPerParticipant')}</dt>
        <dd>{round.maxRequestsPerParticipant ?? k('noLimit')}</dd>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {mayEdit && (
          <Button component={RouterLink} to={`${base}/settings/businessConference`} variant="outlined" size="small">
            {k('linkRound')}
          </Button>
        )}
        <Button component={RouterLink} to={`${base}/settings/offerFields`} size="small">
          {k('linkOfferFields', { count: round.offerFields.length })}
        </Button>
        <Button component={RouterLink} to={`${base}/settings/demandFields`} size="small">
          {k('linkDemandFields', { count: round.demandFields.length })}
        </Button>
        <Button component={RouterLink} to={`${base}/settings/catalogueFilter`} size="small">
          {k('linkFilter')}
        </Button>
        <Button component={RouterLink} to={generalMeetingPath(round._id)} size="small" aria-label={t('businessConference.home.generalMeetingOf', { round: round.name })} data-testid={`dashboard-general-meeting-${round.code}`}>
          {k('linkGeneralMeeting')}
        </Button>
      </Box>
    </Paper>
  );
}

/** The business conference's Tablero: each round with its dates, slots and figures, and links to its settings. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { eventId, base, roleData } = useModuleArea();
  const { rounds, round, loading } = useCurrentRound();
  const summary = useRoundsSummaryQuery(eventId ?? '', { skip: !eventId || rounds.length === 0 });
  const mayEdit = !!roleData?.actions.includes('meeting.manage');
  const k = (key: string) => t(`businessConference.rounds.${key}`);

  if (!eventId) return <ErrorView status={404} />;
  if (loading) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader title={k('dashboardTitle')} subtitle={k('dashboardSubtitle')} />
      {summary.error && <Alert severity="warning">{describeError(summary.error).messagePublic ?? k('summaryFailed')}</Alert>}
      {rounds.length === 0 ? (
        <Alert
          severity="info"
          action={
            mayEdit && (
              <Button component={RouterLink} to={`${base}/settings/businessConference`} color="inherit" size="small" startIcon={<AddIcon />}>
                {k('new')}
              </Button>
            )
          }
          data-testid="dashboard-empty"
        >
          {mayEdit ? k('emptyEditor') : k('empty')}
        </Alert>
      ) : (
        rounds.map((r) => (
          <RoundCard key={r._id} round={r} summary={summary.data?.find((s) => s.roundId === r._id)} current={round?._id === r._id} base={base} mayEdit={mayEdit} />
        ))
      )}
    </Box>
  );
}
