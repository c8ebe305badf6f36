import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import VideocamIcon from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { HomeMeetingDto, HomeRoundDto } from '@contracts/businessConference-home';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { EmptyState, PageHeader } from '../../events/components/common';
import { useConferenceHomeQuery } from './api';
import { dayDate, meetingTime } from './format';
import { generalMeetingPath, isInternal, participantLinks } from './links';
import { SupportInfo } from './SupportInfo';

const STATUS_COLOR = { pending: 'warning', approved: 'success', rejected: 'default' } as const;

function MeetingRow({ m, timeZone }: { m: HomeMeetingDto; timeZone: string }) {
  const { t } = useTranslation();
  const company = m.counterpart.company;
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', py: 1 }} data-testid="bc-home-meeting">
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{t('businessConference.home.with', { company })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {meetingTime(m.start, timeZone)}
          {m.phase === 'preliminary' ? ` · ${t('businessConference.home.preliminary')}` : ''}
        </Typography>
      </Box>
      {m.table !== null && <Chip label={t('businessConference.home.table', { n: m.table })} variant="outlined" sx={{ fontWeight: 700 }} />}
      {m.room &&
        (isInternal(m.room) ? (
          <Button component={RouterLink} to={m.room} size="small" startIcon={<VideocamIcon />} aria-label={t('businessConference.home.joinRoom', { company })}>
            {t('businessConference.home.virtualRoom')}
          </Button>
        ) : (
          <Button href={m.room} target="_blank" rel="noopener noreferrer" size="small" startIcon={<VideocamIcon />} aria-label={t('businessConference.home.joinRoom', { company })}>
            {t('businessConference.home.virtualRoom')}
          </Button>
        ))}
    </Box>
  );
}

function RoundCard({ entry }: { entry: HomeRoundDto }) {
  const { t } = useTranslation();
  const { round, participant } = entry;
  const links = participantLinks(entry);
  const approved = participant.status === 'approved';
  const headingId = `bc-home-round-${round._id}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1.5 }} data-testid="bc-home-round">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography id={headingId} component="h2" sx={{ fontWeight: 800, fontSize: 20, overflowWrap: 'anywhere' }}>
            {round.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {entry.event ? `${entry.event.eventName} · ` : ''}
            {t('businessConference.home.dates', { start: dayDate(round.startDate), end: dayDate(round.endDate) })}
          </Typography>
          <Typography variant="body2">{t('businessConference.home.company', { company: participant.company })}</Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip label={t(`businessConference.home.role_${participant.type}`)} variant="outlined" />
          <Chip label={t(`businessConference.home.status_${participant.status}`)} color={STATUS_COLOR[participant.status]} data-testid="bc-home-status" />
        </Box>
      </Box>
      {participant.status === 'pending' && <Alert severity="info">{t('businessConference.home.pendingText')}</Alert>}
      {participant.status === 'rejected' && <Alert severity="warning">{t('businessConference.home.rejectedText')}</Alert>}
      {approved && (
        <>
          <Divider />
          <Box>
            <Typography component="h3" sx={{ fontWeight: 700 }}>
              {t('businessConference.home.nextMeetings')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('businessConference.home.acceptedMeetings', { count: entry.acceptedMeetings })}
            </Typography>
            {entry.nextMeetings.length === 0 ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('businessConference.home.noMeetings')}
              </Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('businessConference.home.nextMeetings')}>
                {entry.nextMeetings.map((m) => (
                  <MeetingRow key={m.meetingId} m={m} timeZone={round.timeZone} />
                ))}
              </Box>
            )}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/mymeetings" variant="contained" startIcon={<CalendarMonthIcon />}>
              {t('businessConference.home.myAgenda')}
            </Button>
            {links && (
              <>
                <Button component={RouterLink} to={links.schedules} variant="outlined" startIcon={<EventNoteIcon />}>
                  {t('businessConference.home.roundAgenda')}
                </Button>
                <Button component={RouterLink} to={links.catalogue} variant="outlined" startIcon={<StorefrontIcon />}>
                  {t('businessConference.home.catalogue')}
                </Button>
              </>
            )}
            <Button
              component={RouterLink}
              to={generalMeetingPath(round._id)}
              variant="outlined"
              startIcon={<GroupsIcon />}
              aria-label={t('businessConference.home.generalMeetingOf', { round: round.name })}
              data-testid="bc-home-general-meeting"
            >
              {t('businessConference.home.generalMeeting')}
            </Button>
          </Box>
        </>
      )}
      <Divider />
      <Box>
        <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('businessConference.home.help')}
        </Typography>
        <SupportInfo entry={entry} />
      </Box>
    </Card>
  );
}

/** /conference: the signed-in participant's home for the business conference (spec 2). */
export function Component() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useConferenceHomeQuery();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <PageHeader title={t('businessConference.home.title')} subtitle={t('businessConference.home.subtitle')} />
      {error ? (
        <ErrorView {...describeError(error)} />
      ) : isLoading || !data ? (
        <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={180} />
          ))}
        </Box>
      ) : data.rounds.length === 0 ? (
        <EmptyState
          icon={<HandshakeIcon />}
          title={t('businessConference.home.empty')}
          text={t('businessConference.home.emptyText')}
          action={
            <Button component={RouterLink} to="/" variant="contained">
              {t('businessConference.home.findEvents')}
            </Button>
          }
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }} aria-label={t('businessConference.home.roundsList')} role="list">
          {data.rounds.map((r) => (
            <Box role="listitem" key={r.participant._id}>
              <RoundCard entry={r} />
            </Box>
          ))}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/mymeetings">
          {t('businessConference.home.myMeetings')}
        </Link>
      </Typography>
    </Container>
  );
}
