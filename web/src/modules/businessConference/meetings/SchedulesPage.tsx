import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { MyMeetingDto } from '@contracts/businessConference-meetings';
import { useState } from 'react';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { PageHeader } from '../../events/components/common';
import UnavailableSlots from '../agenda/UnavailableSlots';
import HelpButton from '../desk/HelpButton';
import MeetingOutcome from '../desk/MeetingOutcome';
import { useModuleArea } from '../../events/area/context';
import { useMyParticipant } from '../participants/useMyParticipant';
import { useMyMeetingsQuery } from './api';
import { CalendarLink } from './CalendarLink';
import { MeetingCard } from './MeetingCard';

const K = 'businessConference.meetings';

/**
 * offer/schedules and demand/schedules: the participant's meetings of the current round on that side (an
 * offer_demand participant has one page per side; a one-sided participant sees all of theirs): requests received
 * and sent with their answers, the accepted meetings with slot and table, the slots they cannot meet and their
 * calendar link.
 */
function SchedulesPage({ side }: { side: 'offer' | 'demand' }) {
  const { t } = useTranslation();
  const { base } = useModuleArea();
  const { round, participant, loading, error } = useMyParticipant();
  const [tab, setTab] = useState(0);
  const meetings = useMyMeetingsQuery({ roundId: round?._id }, { skip: !round || !participant || participant.status !== 'approved' });
  if (error) return <ErrorView {...describeError(error)} />;
  if (loading) return <LinearProgress aria-label={t('common.loading')} />;
  if (!round || !participant) return <Alert severity="info">{t(`${K}.notParticipant`)}</Alert>;
  if (participant.status !== 'approved') return <Alert severity="info">{t(`${K}.notApproved`)}</Alert>;
  if (meetings.error) return <ErrorView {...describeError(meetings.error)} />;
  const data = meetings.data;
  const onSide = (m: MyMeetingDto) => participant.type !== 'offer_demand' || (side === 'offer' ? m.offerParticipantId : m.demandParticipantId) === participant._id;
  const mine = (data?.meetings ?? []).filter((m) => m.participantId === participant._id && onSide(m));
  const accepted = mine.filter((m) => m.status === 'accepted');
  const received = mine.filter((m) => m.direction === 'received' && m.status !== 'accepted');
  const sent = mine.filter((m) => m.direction === 'sent' && m.status !== 'accepted');
  const quota = data?.quotas.find((q) => q.participantId === participant._id);
  const feed = data?.feeds.find((f) => f.participantId === participant._id)?.url ?? null;
  const lists = [
    { label: t(`${K}.tabAccepted`, { n: accepted.length }), items: accepted, empty: t(`${K}.noAccepted`) },
    { label: t(`${K}.tabReceived`, { n: received.filter((m) => m.status === 'requested').length }), items: received, empty: t(`${K}.noReceived`) },
    { label: t(`${K}.tabSent`, { n: sent.filter((m) => m.status === 'requested').length }), items: sent, empty: t(`${K}.noSent`) },
  ];
  const current = lists[tab];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageHeader title={t(`${K}.schedulesTitle`)} subtitle={round.name} />
      {quota && quota.max !== null && (
        <Typography variant="body2" color="text.secondary" data-testid="meeting-quota">
          {t(`${K}.quota`, { used: quota.used, max: quota.max })}
        </Typography>
      )}
      {!data ? (
        <LinearProgress aria-label={t('common.loading')} />
      ) : (
        <Box component="section" aria-label={t(`${K}.schedulesTitle`)}>
          <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label={t(`${K}.schedulesTitle`)}>
            {lists.map((l, i) => (
              <Tab key={i} label={l.label} id={`schedules-tab-${i}`} aria-controls={`schedules-panel-${i}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`schedules-panel-${tab}`} aria-labelledby={`schedules-tab-${tab}`} sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
            {current.items.length === 0 ? (
              <Typography color="text.secondary">{current.empty}</Typography>
            ) : (
              current.items.map((m) => (
                <MeetingCard
                  key={m._id}
                  meeting={m}
                  detailHref={`${base}/${side}/schedules/${encodeURIComponent(m._id)}`}
                  extra={
                    m.status === 'accepted' ? (
                      <>
                        <HelpButton meetingId={m._id} type={m.offerParticipantId === participant._id ? 'offer' : 'demand'} />
                        {/* After the meeting's slot started: did it happen? (a "no" records the other side's no-show) */}
                        <MeetingOutcome meetingId={m._id} side={m.offerParticipantId === participant._id ? 'offer' : 'demand'} />
                      </>
                    ) : undefined
                  }
                />
              ))
            )}
          </Box>
        </Box>
      )}
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} component="section" aria-labelledby="schedules-calendar">
        <Typography id="schedules-calendar" component="h2" variant="h6">
          {t(`${K}.calendarTitle`)}
        </Typography>
        <CalendarLink roundId={round._id} url={feed} />
      </Paper>
      <UnavailableSlots roundId={round._id} participantId={participant._id} />
    </Box>
  );
}

export function OfferSchedulesPage() {
  return <SchedulesPage side="offer" />;
}
export function DemandSchedulesPage() {
  return <SchedulesPage side="demand" />;
}
