import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MeetingDto, MyMeetingDto } from '@contracts/businessConference-meetings';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { usePageParam } from '../../events/pages/pageMatch';
import HelpButton from '../desk/HelpButton';
import MeetingOutcome from '../desk/MeetingOutcome';
import { useMeetingQuery } from './api';
import { MeetingCard, MeetingStatusChip } from './MeetingCard';

const K = 'businessConference.meetings';

const isMine = (m: MyMeetingDto | MeetingDto): m is MyMeetingDto => 'counterpart' in m && 'participantId' in m;

/**
 * offer/schedules/{id} and demand/schedules/{id}: one meeting as its participant sees it: the other company's
 * card, the status, the slot and table (or virtual room) from the agenda, the message, the answers the viewer may
 * give now, the desk's help button and the outcome question once the slot started.
 */
function MeetingDetailPage({ side }: { side: 'offer' | 'demand' }) {
  const { t } = useTranslation();
  const { base } = useModuleArea();
  const id = usePageParam('id') ?? '';
  const { data, error, isLoading } = useMeetingQuery(id, { skip: !id });
  const back = (
    <Button component={RouterLink} to={`${base}/${side}/schedules`} startIcon={<ArrowBackIcon />} size="small">
      {t(`${K}.backToSchedules`)}
    </Button>
  );
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  // Staff reading a meeting get the bare meeting: this page is the participant's.
  if (!isMine(data)) return <ErrorView status={404} />;
  const c = data.counterpart;
  const mySide = data.offerParticipantId === data.participantId ? 'offer' : 'demand';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>{back}</Box>
      <PageHeader title={t(`${K}.roomTitle`, { company: c.companyName })} subtitle={data.roundName} actions={<MeetingStatusChip status={data.status} />} />
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="meeting-company" data-testid="meeting-company">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
          <Avatar src={c.logoUrl ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
            {c.companyName.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">
              {t(`${K}.detailCompany`)}
            </Typography>
            <Typography id="meeting-company" component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
              {c.companyName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[c.sector, c.contactName].filter(Boolean).join(' · ')}
            </Typography>
            {c.description && (
              <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {c.description}
              </Typography>
            )}
          </Box>
        </Stack>
      </Paper>
      <Box component="section" aria-label={t(`${K}.detailMeeting`)}>
        <MeetingCard
          meeting={data}
          extra={
            data.status === 'accepted' ? (
              <>
                <HelpButton meetingId={data._id} type={mySide} />
                <MeetingOutcome meetingId={data._id} side={mySide} />
              </>
            ) : undefined
          }
        />
      </Box>
    </Box>
  );
}

export function OfferMeetingDetailPage() {
  return <MeetingDetailPage side="offer" />;
}
export function DemandMeetingDetailPage() {
  return <MeetingDetailPage side="demand" />;
}
