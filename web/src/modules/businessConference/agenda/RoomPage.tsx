import MeetingRoomIcon from '@mui/icons-material/MeetingRoomOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FloorSlotDto } from '@contracts/businessConference-agenda';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { EmptyState, PageHeader } from '../../events/components/common';
import { useCurrentRound } from '../rounds/useRound';
import { useFloorQuery } from './api';
import { dayLabel, rangeOf, timeOf } from './format';
import { useAgendaLive } from './live';

/** The slot changes with the clock: the floor is read again every minute; agenda changes are pushed. */
const POLL_MS = 60_000;

/**
 * `room` (the floor): which tables are meeting now (the current slot, by the server's clock, shown in the round's
 * time zone), each table's pair, and the next slot. Live: a push when the agenda changes, a poll for the clock.
 */
export default function RoomPage() {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`businessConference.agenda.${key}`, o);
  const { round, loading } = useCurrentRound();
  const q = useFloorQuery(round?._id ?? '', { skip: !round, pollingInterval: POLL_MS, skipPollingIfUnfocused: true });
  useAgendaLive(round?.eventId, round?._id, q.refetch);

  if (loading || (round && q.isLoading)) return <LinearProgress aria-label={k('loading')} />;
  if (!round) return <EmptyState icon={<MeetingRoomIcon />} title={k('noRound')} />;
  if (q.error || !q.data) return <ErrorView {...describeError(q.error)} />;
  const { current, next, timeZone, now } = q.data;
  const virtual = round.venue === 'virtual';

  const section = (title: string, slot: FloorSlotDto | null, empty: string, live: boolean) => (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {slot && <Chip size="small" label={`${dayLabel(slot.day)} · ${rangeOf(slot.start, slot.end, timeZone)}`} color={live ? 'success' : 'default'} />}
        {slot && <Chip size="small" variant="outlined" label={k('floor.meetingsCount', { count: slot.meetings.length })} />}
      </Box>
      {!slot || slot.meetings.length === 0 ? (
        <Typography color="text.secondary">{slot ? k('floor.noMeetings') : empty}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{virtual ? k('col.room') : k('col.table')}</TableCell>
                <TableCell>{k('floor.offer')}</TableCell>
                <TableCell>{k('floor.demand')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {slot.meetings.map((m) => (
                <TableRow key={m.meetingId}>
                  <TableCell>{virtual ? m.room : m.table}</TableCell>
                  <TableCell>
                    {m.offer.company}
                    {m.offer.contactName && <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">{m.offer.contactName}</Typography>}
                  </TableCell>
                  <TableCell>
                    {m.demand.company}
                    {m.demand.contactName && <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">{m.demand.contactName}</Typography>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );

  return (
    <Box>
      <PageHeader title={k('floor.title')} subtitle={`${round.name} · ${k('floor.clock', { time: timeOf(now, timeZone) })}`} />
      {section(k('floor.now'), current, k('floor.noCurrent'), true)}
      {section(k('floor.next'), next, k('floor.noNext'), false)}
    </Box>
  );
}
