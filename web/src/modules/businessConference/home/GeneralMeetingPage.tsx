import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import VideocamIcon from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { GeneralMeetingDay, GeneralMeetingDto } from '@contracts/businessConference-home';
import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { EmptyState, PageHeader } from '../../events/components/common';
import { useConferenceHomeQuery, useGeneralMeetingQuery } from './api';
import { dayDate, hourOf, meetingTime } from './format';
import { generalMeetingPath } from './links';

const K = 'businessConference.generalMeeting';
/** The room's state (live, upcoming, ended) follows the clock: the page asks again every minute. */
const REFRESH_MS = 60_000;
const STATE_CHIP = { live: { color: 'success', variant: 'filled' }, upcoming: { color: 'default', variant: 'outlined' }, ended: { color: 'default', variant: 'filled' } } as const;

function Loading() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="md" sx={{ py: 4, display: 'grid', gap: 2 }} aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton variant="rounded" height={64} />
      <Skeleton variant="rounded" height={200} />
    </Container>
  );
}

/** The round's dates: one day, or "1 de mayo de 2030 al 3 de mayo de 2030". */
function useRoundDates() {
  const { t } = useTranslation();
  return (r: { startDate: string; endDate: string }) => (r.startDate === r.endDate ? dayDate(r.startDate) : t(`${K}.dates`, { start: dayDate(r.startDate), end: dayDate(r.endDate) }));
}

function BackToConference() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to="/conference" sx={{ justifySelf: 'start' }}>
      {t(`${K}.backToConference`)}
    </Button>
  );
}

/** One day of the round: "1 de mayo de 2030: de 09:00 a 12:00", then its breaks, one a line. */
function DayHours({ day, timeZone, badge }: { day: GeneralMeetingDay; timeZone: string; badge?: ReactNode }) {
  const { t } = useTranslation();
  const hours = (a: { start: string; end: string }) => ({ start: hourOf(a.start, timeZone), end: hourOf(a.end, timeZone) });
  return (
    <>
      {t(`${K}.dayHours`, { date: dayDate(day.date), ...hours(day) })}
      {badge}
      {day.breaks.map((b) => (
        <Typography key={b.start} component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {t(`${K}.breakAt`, hours(b))}
        </Typography>
      ))}
    </>
  );
}

function StateLine({ room }: { room: GeneralMeetingDto }) {
  const { t } = useTranslation();
  if (room.state === 'live') return <Alert severity="success">{t(`${K}.liveText`)}</Alert>;
  if (room.state === 'upcoming' && room.nextStart) return <Alert severity="info">{t(`${K}.upcomingText`, { when: meetingTime(room.nextStart, room.round.timeZone) })}</Alert>;
  return <Alert severity="info">{t(`${K}.endedText`)}</Alert>;
}

/** /generalmeeting/{round}: the round's general room. */
function GeneralRoom({ roundId }: { roundId: string }) {
  const { t } = useTranslation();
  const { data: room, error, isLoading } = useGeneralMeetingQuery(roundId, { pollingInterval: REFRESH_MS });
  const datesOf = useRoundDates();
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !room) return <Loading />;
  const { round } = room;
  const tz = round.timeZone;
  const today = room.days.find((d) => d.date === room.today);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 }, display: 'grid', gap: 2 }}>
      <PageHeader
        title={t(`${K}.title`)}
        subtitle={room.event ? `${round.name} · ${room.event.eventName}` : round.name}
        actions={<Chip label={t(`${K}.state_${room.state}`)} {...STATE_CHIP[room.state]} data-testid="gm-state" />}
      />
      <Paper variant="outlined" component="section" aria-labelledby="gm-video" sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1.5 }}>
        <Typography id="gm-video" component="h2" variant="h6">
          {t(`${K}.videoTitle`)}
        </Typography>
        <Typography>{t(`${K}.intro`)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {datesOf(round)}
          {' · '}
          {room.participant ? t(`${K}.asParticipant`, { company: room.participant.company }) : t(`${K}.asTeam`)}
        </Typography>
        <StateLine room={room} />
        {round.venue === 'tables' && (
          <Typography variant="body2" color="text.secondary">
            {t(`${K}.inPerson`)}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" size="large" startIcon={<VideocamIcon />} href={room.videoUrl} target="_blank" rel="noopener noreferrer" data-testid="gm-join">
            {t(`${K}.join`)}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t(`${K}.newTab`)}
          </Typography>
        </Box>
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="gm-today" sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1 }} data-testid="gm-today">
        <Typography id="gm-today" component="h2" variant="h6">
          {t(`${K}.todayTitle`)}
        </Typography>
        {today ? (
          <>
            <Typography>
              <DayHours day={today} timeZone={tz} />
            </Typography>
            {room.todaySlots.length > 0 && (
              <>
                <Typography variant="body2" color="text.secondary">
                  {t(`${K}.slotsText`, { count: room.todaySlots.length })}
                </Typography>
                <Box component="ul" aria-label={t(`${K}.slotsLabel`)} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                  {room.todaySlots.map((s) => (
                    <Box component="li" key={s.slotId}>
                      <Chip size="small" variant="outlined" label={t(`${K}.slot`, { start: hourOf(s.start, tz), end: hourOf(s.end, tz) })} />
                    </Box>
                  ))}
                </Box>
              </>
            )}
          </>
        ) : (
          <Typography>{t(`${K}.noToday`)}</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t(`${K}.timeZone`, { zone: tz })}
        </Typography>
      </Paper>

      {room.days.length > 0 && (
        <Paper variant="outlined" component="section" aria-labelledby="gm-program" sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1 }}>
          <Typography id="gm-program" component="h2" variant="h6">
            {t(`${K}.programTitle`)}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
            {room.days.map((d) => (
              <li key={d.date}>
                <DayHours day={d} timeZone={tz} badge={d.date === room.today && <Chip size="small" color="primary" label={t(`${K}.today`)} sx={{ ml: 1 }} />} />
              </li>
            ))}
          </Box>
        </Paper>
      )}
      <BackToConference />
    </Container>
  );
}

/** /generalmeeting: the general rooms of the caller's rounds (approved registrations), or straight to the only one. */
function RoundChooser() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useConferenceHomeQuery();
  const datesOf = useRoundDates();
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <Loading />;
  const rounds = data.rounds.filter((r) => r.participant.status === 'approved');
  if (rounds.length === 1) return <Navigate to={generalMeetingPath(rounds[0].round._id)} replace />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 }, display: 'grid', gap: 2 }}>
      <PageHeader title={t(`${K}.title`)} subtitle={t(`${K}.chooseSubtitle`)} />
      {rounds.length === 0 ? (
        <EmptyState
          icon={<GroupsIcon />}
          title={t(`${K}.none`)}
          text={t(`${K}.noneText`)}
          action={
            <Button component={RouterLink} to="/conference" variant="contained">
              {t(`${K}.toConference`)}
            </Button>
          }
        />
      ) : (
        <Box component="ul" aria-label={t(`${K}.roundsList`)} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {rounds.map(({ round, event }) => (
            <Paper component="li" variant="outlined" key={round._id} sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Typography component="h2" sx={{ fontWeight: 800, fontSize: 18, overflowWrap: 'anywhere' }}>
                  {round.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {event ? `${event.eventName} · ` : ''}
                  {datesOf(round)}
                </Typography>
              </Box>
              <Button component={RouterLink} to={generalMeetingPath(round._id)} variant="contained" startIcon={<VideocamIcon />} aria-label={t(`${K}.enterRound`, { round: round.name })}>
                {t(`${K}.enter`)}
              </Button>
            </Paper>
          ))}
        </Box>
      )}
      <BackToConference />
    </Container>
  );
}

/**
 * /generalmeeting/{room?} (spec 2): the general room ("Sala general") of a business-conference round, the plenary
 * video room where its approved participants and the event's team meet outside the one-to-one meetings (opening,
 * announcements, networking). `room` is the round's id; without it, the caller's rounds.
 */
export function Component() {
  const { room } = useParams();
  return room ? <GeneralRoom roundId={room} /> : <RoundChooser />;
}
