import MeetingRoomIcon from '@mui/icons-material/MeetingRoomOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RoomDto } from '@contracts/sales-checkin';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { modulePath, useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { useRoomAttendeesQuery, useRoomsQuery } from './api';

/** Refreshed while open: the door keeps scanning. */
const POLL_MS = 5000;
const clock = (iso: string) => new Intl.DateTimeFormat('es-PE', { hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));

function Occupancy({ room }: { room: RoomDto }) {
  const { t } = useTranslation();
  const pct = room.capacity ? Math.min(100, Math.round((room.inside / room.capacity) * 100)) : null;
  return (
    <Box>
      <Typography sx={{ fontSize: 28, fontWeight: 800 }} data-testid="room-inside">
        {room.capacity ? t('sales.door.rooms.insideOf', { inside: room.inside, capacity: room.capacity }) : t('sales.door.rooms.insideCount', { inside: room.inside })}
      </Typography>
      {pct !== null && (
        <LinearProgress
          variant="determinate"
          value={pct}
          color={pct >= 100 ? 'error' : pct >= 80 ? 'warning' : 'success'}
          aria-label={t('sales.door.rooms.occupancy', { pct })}
          sx={{ height: 8, borderRadius: 4, my: 1 }}
        />
      )}
      <Typography color="text.secondary">{t('sales.door.rooms.flows', { entries: room.entries, exits: room.exits })}</Typography>
    </Box>
  );
}

function RoomDetail({ eventId, room }: { eventId: string; room: RoomDto }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useRoomAttendeesQuery({ eventId, roomId: room._id }, { pollingInterval: POLL_MS, skipPollingIfUnfocused: true });
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="room-inside-title">
        <Typography id="room-inside-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('sales.door.rooms.whoInside', { room: room.name })}
        </Typography>
        {data.inside.length === 0 ? (
          <Typography color="text.secondary">{t('sales.door.rooms.nobody')}</Typography>
        ) : (
          <List dense disablePadding data-testid="room-people">
            {data.inside.map((p) => (
              <ListItem key={p._id} divider sx={{ px: 0 }}>
                <ListItemText primary={p.attendeeName ?? t('sales.door.noName')} secondary={`${p.ticketTypeName} · ${t('sales.door.rooms.sinceTime', { time: clock(p.since) })}`} />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="room-scans-title">
        <Typography id="room-scans-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('sales.door.rooms.recent')}
        </Typography>
        {data.scans.length === 0 ? (
          <Typography color="text.secondary">{t('sales.door.noScans')}</Typography>
        ) : (
          <List dense disablePadding>
            {data.scans.map((s, i) => (
              <ListItem key={`${s.ticketId}-${s.at}-${i}`} divider sx={{ px: 0 }}>
                <ListItemText
                  primary={`${s.direction === 'in' ? t('sales.door.in') : t('sales.door.out')} · ${s.attendeeName ?? t('sales.door.noName')}`}
                  secondary={`${clock(s.at)} · ${s.door} · ${s.ticketTypeName}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Box>
  );
}

/**
 * manageAttendees/rooms: who is in each room now against its capacity, entries and exits, and per room the people
 * inside and its latest passages (refreshed every few seconds while the door scans).
 */
export default function RoomsPage() {
  const { t } = useTranslation();
  const { eventId, administrator, eventCode } = useModuleArea();
  const { data, error, isLoading } = useRoomsQuery(eventId!, { skip: !eventId, pollingInterval: POLL_MS, skipPollingIfUnfocused: true });
  const [selected, setSelected] = useState<string | null>(null);
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data || !eventId) return <LinearProgress aria-label={t('common.loading')} />;
  const current = data.find((r) => r._id === selected) ?? data[0];
  return (
    <Box>
      <PageHeader
        title={t('sales.door.rooms.title')}
        subtitle={t('sales.door.rooms.subtitle')}
        actions={
          <Button component={RouterLink} to={`/tickets/validate/${encodeURIComponent(eventCode ?? eventId)}`}>
            {t('sales.door.openScanner')}
          </Button>
        }
      />
      {data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <MeetingRoomIcon sx={{ fontSize: 48, color: 'primary.dark' }} aria-hidden />
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('sales.door.rooms.emptyTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('sales.door.rooms.emptyText')}
          </Typography>
          <Button variant="contained" component={RouterLink} to={modulePath(administrator, eventCode ?? eventId, 'store', '/manage/auditorium')}>
            {t('sales.door.rooms.goAuditorium')}
          </Button>
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
            {data.map((room) => (
              <Paper
                key={room._id}
                variant="outlined"
                component="button"
                type="button"
                aria-pressed={room._id === current?._id}
                onClick={() => setSelected(room._id)}
                sx={{
                  p: 2,
                  textAlign: 'left',
                  cursor: 'pointer',
                  font: 'inherit',
                  color: 'inherit',
                  borderColor: room._id === current?._id ? 'primary.main' : undefined,
                  borderWidth: room._id === current?._id ? 2 : 1,
                  bgcolor: 'background.paper',
                }}
              >
                <Typography component="h2" sx={{ fontWeight: 700 }}>
                  {room.name}
                </Typography>
                <Occupancy room={room} />
              </Paper>
            ))}
          </Box>
          {current && <RoomDetail key={current._id} eventId={eventId} room={current} />}
        </Box>
      )}
    </Box>
  );
}
