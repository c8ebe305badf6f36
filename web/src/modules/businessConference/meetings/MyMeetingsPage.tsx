import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { MyMeetingDto } from '@contracts/businessConference-meetings';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { EmptyState, PageHeader } from '../../events/components/common';
import { useMyMeetingsQuery } from './api';
import { CalendarLink } from './CalendarLink';
import { MeetingCard } from './MeetingCard';

const K = 'businessConference.meetings';

/**
 * /mymeetings ("Mis reuniones", attendee menu): the signed-in user's meetings across every round they take part
 * in, upcoming placed meetings first, then the ones still to be scheduled, pending requests, and closed ones;
 * the calendar link per round. Live: a push of either side refetches the list.
 */
export function Component() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useMyMeetingsQuery();
  const rounds = new Map<string, { name: string; participantId: string }>();
  for (const q of data?.quotas ?? []) rounds.set(q.roundId, { name: data?.meetings.find((m) => m.roundId === q.roundId)?.roundName ?? '', participantId: q.participantId });
  const upcoming = (data?.meetings ?? []).filter((m) => m.status === 'accepted' || m.status === 'requested');
  const closed = (data?.meetings ?? []).filter((m) => m.status !== 'accepted' && m.status !== 'requested');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <PageHeader title={t(`${K}.myTitle`)} subtitle={t(`${K}.mySubtitle`)} />
      {error ? (
        <ErrorView {...describeError(error)} />
      ) : isLoading || !data ? (
        <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Box>
      ) : data.meetings.length === 0 && data.quotas.length === 0 ? (
        <EmptyState
          icon={<HandshakeIcon />}
          title={t(`${K}.myEmpty`)}
          text={t(`${K}.myEmptyText`)}
          action={
            <Button component={RouterLink} to="/conference" variant="contained">
              {t(`${K}.goConference`)}
            </Button>
          }
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <MeetingSection title={t(`${K}.upcoming`)} empty={t(`${K}.noUpcoming`)} meetings={upcoming} />
          {closed.length > 0 && <MeetingSection title={t(`${K}.closed`)} meetings={closed} />}
          <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} component="section" aria-labelledby="my-calendars">
            <Typography id="my-calendars" component="h2" variant="h6">
              {t(`${K}.calendarTitle`)}
            </Typography>
            {[...rounds.entries()].map(([roundId, r]) => (
              <CalendarLink key={roundId} roundId={roundId} url={data.feeds.find((f) => f.roundId === roundId)?.url ?? null} label={r.name ? t(`${K}.calendarOf`, { round: r.name }) : undefined} />
            ))}
          </Paper>
        </Box>
      )}
    </Container>
  );
}

function MeetingSection({ title, empty, meetings }: { title: string; empty?: string; meetings: MyMeetingDto[] }) {
  const id = `section-${title.replace(/\W+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={id} component="h2" variant="h6">
        {title}
      </Typography>
      {meetings.length === 0 && empty ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        meetings.map((m) => <MeetingCard key={m._id} meeting={m} showRound />)
      )}
    </Box>
  );
}
