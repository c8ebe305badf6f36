import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import VideocamIcon from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { PageHeader } from '../../events/components/common';
import { useMeetingRoomQuery } from './api';
import { MeetingPlace, MeetingStatusChip } from './MeetingCard';

const K = 'businessConference.meetings';

/**
 * /mymeetings/room/{meeting}: the virtual room of a virtual meeting, for its two participants (and the event's
 * team): the video call, the meeting's chat (the two users' conversation) and the other company's card.
 */
export function Component() {
  const { t } = useTranslation();
  const { meeting: id = '' } = useParams();
  const { data, error, isLoading } = useMeetingRoomQuery(id, { skip: !id });
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={220} />
      </Container>
    );
  }
  const m = data.meeting;
  const c = m.counterpart;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 }, display: 'grid', gap: 2 }}>
      <PageHeader title={t(`${K}.roomTitle`, { company: c.companyName })} subtitle={m.roundName} actions={<MeetingStatusChip status={m.status} />} />
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} component="section" aria-labelledby="room-video">
        <Typography id="room-video" component="h2" variant="h6">
          {t(`${K}.roomVideo`)}
        </Typography>
        <MeetingPlace meeting={m} />
        {data.videoUrl ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<VideocamIcon />} href={data.videoUrl} target="_blank" rel="noopener noreferrer" data-testid="room-video-link">
              {t(`${K}.roomJoin`)}
            </Button>
            {data.chatRoomId && (
              <Button variant="outlined" startIcon={<ChatIcon />} component={RouterLink} to={`/chat?user=${encodeURIComponent(c.userId)}`} data-testid="room-chat-link">
                {t(`${K}.roomChat`)}
              </Button>
            )}
          </Box>
        ) : (
          <Alert severity="info">{t(`${K}.roomNotScheduled`)}</Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          {t(`${K}.roomHint`)}
        </Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }} component="section" aria-labelledby="room-company">
        <Avatar src={c.logoUrl ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
          {c.companyName.slice(0, 1)}
        </Avatar>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography id="room-company" component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {c.companyName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[c.sector, c.contactName].filter(Boolean).join(' · ')}
          </Typography>
          {c.description && <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>{c.description}</Typography>}
        </Box>
      </Paper>
      <Button component={RouterLink} to="/mymeetings" sx={{ justifySelf: 'start' }}>
        {t(`${K}.backToMine`)}
      </Button>
    </Container>
  );
}
