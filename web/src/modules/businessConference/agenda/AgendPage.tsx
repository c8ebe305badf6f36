import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AgendaPageDto, AgendaPartyDto, AgendaPlacementDto, ScheduleSummaryDto, UnplacedReason } from '@contracts/businessConference-agenda';
import { useMemo, useRef, useState } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { EmptyState, PageHeader, StatCard, StatGrid } from '../../events/components/common';
import { useCurrentRound } from '../rounds/useRound';
import { useAgendaQuery, useMoveMeetingMutation, usePublishAgendaMutation, useScheduleAllMutation, useUnscheduleMeetingMutation } from './api';
import { dayLabel, rangeOf } from './format';
import { useAgendaLive } from './live';
import PrintStyles from './PrintStyles';

const TABLES_PER_PAGE = 8;
type Meeting = AgendaPageDto['meetings'][number];

/**
 * `agend` (organizer): the round's agenda by slot (rows) and table (columns), filtered by day, or one
 * participant's agenda; "Programar todo" with its summary, "Publicar agenda final", a move dialog for manual
 * adjustments (placing an unplaced meeting too), and printing (the grid, or one participant's agenda).
 */
export default function AgendPage() {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`businessConference.agenda.${key}`, o);
  const { notify, notifyError } = useNotify();
  const { round, loading } = useCurrentRound();
  const q = useAgendaQuery(round?._id ?? '', { skip: !round });
  useAgendaLive(round?.eventId, round?._id, q.refetch);
  const [scheduleAll, scheduling] = useScheduleAllMutation();
  const [publish, publishing] = usePublishAgendaMutation();
  const [reschedule, setReschedule] = useState(false);
  const [summary, setSummary] = useState<ScheduleSummaryDto | null>(null);
  const [day, setDay] = useState<string>('all');
  const [party, setParty] = useState<AgendaPartyDto | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Meeting | null>(null);
  // One client id per click: a retried request is answered once, a new click is a new run.
  const scheduleId = useRef(newClientId());

  const data = q.data;
  const view = useMemo(() => (data ? buildView(data) : null), [data]);

  if (loading || (round && q.isLoading)) return <LinearProgress aria-label={k('loading')} />;
  if (!round) return <EmptyState icon={<EventNoteIcon />} title={k('noRound')} />;
  if (q.error || !data || !view) return <ErrorView {...describeError(q.error)} />;

  const tz = data.round.timeZone;
  const days = [...new Set(data.round.slots.map((s) => s.day))];
  const slots = [...data.round.slots].sort((x, y) => x.index - y.index).filter((s) => day === 'all' || s.day === day);
  const tables = data.round.venue === 'tables';
  const pages = tables ? Math.max(1, Math.ceil(data.round.tables / TABLES_PER_PAGE)) : 1;
  const firstTable = (Math.min(page, pages) - 1) * TABLES_PER_PAGE + 1;
  const tableCols = tables ? Array.from({ length: Math.min(TABLES_PER_PAGE, data.round.tables - firstTable + 1) }, (_, i) => firstTable + i) : [];
  const unplaced = data.meetings.filter((m) => !view.placementOf.has(m.meetingId));
  const name = (id: string) => view.party.get(id)?.company || view.party.get(id)?.contactName || id;

  const onSchedule = async () => {
    try {
      const r = await scheduleAll({ roundId: round._id, clientId: scheduleId.current, reschedule, expectedVersion: data.version }).unwrap();
      setSummary(r.summary);
      notify(k('scheduled', { count: r.summary.placed }), 'success');
    } catch (e) {
      notifyError(e, k('unexpectedError'));
      q.refetch();
    } finally {
      scheduleId.current = newClientId();
    }
  };
  const onPublish = async () => {
    try {
      await publish({ roundId: round._id, clientId: newClientId() }).unwrap();
      notify(k('published'), 'success');
    } catch (e) {
      notifyError(e, k('unexpectedError'));
    }
  };

  const reasonCounts = (s: ScheduleSummaryDto) => {
    const c = new Map<UnplacedReason, number>();
    for (const u of s.unplaced) c.set(u.reason, (c.get(u.reason) ?? 0) + 1);
    return [...c.entries()];
  };
  const lastRun = summary ?? data.lastRun;

  return (
    <Box>
      <PrintStyles />
      <Box className="bc-no-print">
        <PageHeader
          title={k('title')}
          subtitle={
            <>
              {data.round.name} · <Chip size="small" component="span" label={k(`phase.${data.phase}`)} color={data.phase === 'final' ? 'success' : 'default'} />
            </>
          }
          actions={
            <>
              <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
                {party ? k('printParticipant') : k('print')}
              </Button>
              {data.canManage && (
                <Button variant="outlined" onClick={onPublish} disabled={publishing.isLoading || data.placements.length === 0}>
                  {k('publish')}
                </Button>
              )}
              {data.canManage && (
                <Button variant="contained" onClick={onSchedule} disabled={scheduling.isLoading}>
                  {scheduling.isLoading ? k('scheduling') : k('scheduleAll')}
                </Button>
              )}
            </>
          }
        />
        {data.canManage && (
          <FormControlLabel control={<Checkbox checked={reschedule} onChange={(e) => setReschedule(e.target.checked)} />} label={k('reschedule')} sx={{ mb: 1 }} />
        )}
        {scheduling.isLoading && <LinearProgress aria-label={k('scheduling')} sx={{ mb: 2 }} />}
        {lastRun && (
          <Alert
            severity={lastRun.unplaced.length ? 'warning' : 'success'}
            sx={{ mb: 2, '& .MuiAlert-message': { overflow: 'visible', minWidth: 0, overflowWrap: 'anywhere' } }}
            data-testid="bc-schedule-summary"
          >
            {k('summary', { placed: lastRun.placed, kept: lastRun.kept, unplaced: lastRun.unplaced.length })}
            {reasonCounts(lastRun).map(([reason, n]) => (
              <Typography key={reason} variant="body2">
                {k(`reason.${reason}`)}: {n}
              </Typography>
            ))}
          </Alert>
        )}
        <StatGrid>
          <StatCard label={k('stats.accepted')} value={data.meetings.length} />
          <StatCard label={k('stats.placed')} value={data.placements.length} />
          <StatCard label={k('stats.unplaced')} value={unplaced.length} />
        </StatGrid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField select label={k('day')} value={day} onChange={(e) => setDay(e.target.value)} sx={{ minWidth: 200 }} size="small">
            <MenuItem value="all">{k('allDays')}</MenuItem>
            {days.map((d) => (
              <MenuItem key={d} value={d}>
                {dayLabel(d)}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            options={data.parties}
            value={party}
            onChange={(_, v) => setParty(v)}
            getOptionLabel={(p) => (p.contactName ? `${p.company} · ${p.contactName}` : p.company)}
            isOptionEqualToValue={(a, b) => a.participantId === b.participantId}
            renderInput={(params) => <TextField {...params} label={k('participant')} size="small" />}
            sx={{ minWidth: { sm: 320 }, flex: 1 }}
          />
        </Stack>
      </Box>

      {party ? (
        <Box className="bc-print">
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {k('participantAgenda', { name: party.company || party.contactName })}
          </Typography>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={k('participantAgenda', { name: party.company || party.contactName })}>
              <TableHead>
                <TableRow>
                  <TableCell>{k('col.day')}</TableCell>
                  <TableCell>{k('col.time')}</TableCell>
                  <TableCell>{tables ? k('col.table') : k('col.room')}</TableCell>
                  <TableCell>{k('col.counterpart')}</TableCell>
                  <TableCell>{k('col.phase')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {view.byParty(party.participantId, day).map(({ p, slot }) => {
                  const other = p.offerParticipantId === party.participantId ? p.demandParticipantId : p.offerParticipantId;
                  const meeting = view.meeting.get(p.meetingId);
                  return (
                    <TableRow key={p.meetingId} hover onClick={data.canManage && meeting ? () => setEditing(meeting) : undefined} sx={{ cursor: data.canManage ? 'pointer' : undefined }}>
                      <TableCell>{dayLabel(slot.day)}</TableCell>
                      <TableCell>{rangeOf(slot.start, slot.end, tz)}</TableCell>
                      <TableCell>{tables ? p.table : p.room}</TableCell>
                      <TableCell>{name(other)}</TableCell>
                      <TableCell>{k(`phase.${p.phase}`)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          {view.byParty(party.participantId, day).length === 0 && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {k('noMeetings')}
            </Typography>
          )}
        </Box>
      ) : (
        <Box>
          {tables && pages > 1 && (
            <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }} className="bc-no-print">
              <Typography variant="body2">{k('tablesRange', { from: firstTable, to: firstTable + tableCols.length - 1, total: data.round.tables })}</Typography>
              <Pagination count={pages} page={Math.min(page, pages)} onChange={(_, p) => setPage(p)} size="small" aria-label={k('tablesPages')} />
            </Stack>
          )}
          <TableContainer component={Paper} variant="outlined" className="bc-print" sx={{ maxHeight: { md: '70vh' } }}>
            <Table size="small" stickyHeader aria-label={k('gridLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{k('col.time')}</TableCell>
                  {tables ? tableCols.map((n) => <TableCell key={n}>{k('tableN', { n })}</TableCell>) : <TableCell>{k('col.meetings')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {slots.map((s) => {
                  const here = view.bySlot.get(s.slotId) ?? [];
                  const cell = (p: AgendaPlacementDto) => {
                    const meeting = view.meeting.get(p.meetingId);
                    const label = `${name(p.offerParticipantId)} – ${name(p.demandParticipantId)}`;
                    return data.canManage && meeting ? (
                      <Button key={p.meetingId} size="small" onClick={() => setEditing(meeting)} sx={{ textTransform: 'none', justifyContent: 'flex-start', textAlign: 'left' }} aria-label={k('moveLabel', { label })}>
                        {label}
                        {p.pinned ? ' •' : ''}
                      </Button>
                    ) : (
                      <span key={p.meetingId}>{label}</span>
                    );
                  };
                  return (
                    <TableRow key={s.slotId}>
                      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                        {day === 'all' && <Typography variant="caption" sx={{ display: 'block' }}>{dayLabel(s.day)}</Typography>}
                        {rangeOf(s.start, s.end, tz)}
                      </TableCell>
                      {tables ? (
                        tableCols.map((n) => {
                          const p = here.find((x) => x.table === n);
                          return <TableCell key={n}>{p ? cell(p) : '—'}</TableCell>;
                        })
                      ) : (
                        <TableCell>
                          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                            {here.length ? here.map(cell) : '—'}
                          </Stack>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}

      {unplaced.length > 0 && (
        <Box className="bc-no-print" sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {k('unplacedTitle', { count: unplaced.length })}
          </Typography>
          <Stack spacing={1}>
            {unplaced.slice(0, 200).map((m) => {
              const why = lastRun?.unplaced.find((u) => u.meetingId === m.meetingId)?.reason;
              return (
                <Paper key={m.meetingId} variant="outlined" sx={{ p: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ flex: 1, minWidth: 200 }}>
                    {name(m.offerParticipantId)} – {name(m.demandParticipantId)}
                  </Typography>
                  {why && <Chip size="small" label={k(`reason.${why}`)} />}
                  {data.canManage && (
                    <Button size="small" variant="outlined" onClick={() => setEditing(m)}>
                      {k('place')}
                    </Button>
                  )}
                </Paper>
              );
            })}
          </Stack>
        </Box>
      )}

      {editing && <MoveDialog data={data} meeting={editing} placement={view.placementOf.get(editing.meetingId) ?? null} name={name} onClose={() => setEditing(null)} />}
    </Box>
  );
}

function buildView(data: AgendaPageDto) {
  const party = new Map(data.parties.map((p) => [p.participantId, p]));
  const meeting = new Map(data.meetings.map((m) => [m.meetingId, m]));
  const placementOf = new Map(data.placements.map((p) => [p.meetingId, p]));
  const slot = new Map(data.round.slots.map((s) => [s.slotId, s]));
  const bySlot = new Map<string, AgendaPlacementDto[]>();
  const byPerson = new Map<string, AgendaPlacementDto[]>();
  for (const p of data.placements) {
    bySlot.set(p.slotId, [...(bySlot.get(p.slotId) ?? []), p]);
    for (const who of [p.offerParticipantId, p.demandParticipantId]) byPerson.set(who, [...(byPerson.get(who) ?? []), p]);
  }
  const byParty = (participantId: string, day: string) =>
    (byPerson.get(participantId) ?? [])
      .map((p) => ({ p, slot: slot.get(p.slotId)! }))
      .filter((x) => x.slot && (day === 'all' || x.slot.day === day))
      .sort((x, y) => x.slot.index - y.slot.index);
  return { party, meeting, placementOf, bySlot, byParty };
}

/** Move (or place) one meeting: a slot and, in a tables venue, a table. The server refuses in Spanish when it clashes. */
function MoveDialog({
  data,
  meeting,
  placement,
  name,
  onClose,
}: {
  data: AgendaPageDto;
  meeting: Meeting;
  placement: AgendaPlacementDto | null;
  name: (id: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`businessConference.agenda.${key}`, o);
  const { notify } = useNotify();
  const [move, moving] = useMoveMeetingMutation();
  const [unschedule, unscheduling] = useUnscheduleMeetingMutation();
  const [slotId, setSlotId] = useState(placement?.slotId ?? data.round.slots[0]?.slotId ?? '');
  const [table, setTable] = useState(String(placement?.table ?? 1));
  const [error, setError] = useState<string | null>(null);
  const clientId = useRef(newClientId());
  const tables = data.round.venue === 'tables';
  const tz = data.round.timeZone;
  const label = `${name(meeting.offerParticipantId)} – ${name(meeting.demandParticipantId)}`;

  const onMove = async () => {
    setError(null);
    try {
      await move({ roundId: data.roundId, meetingId: meeting.meetingId, clientId: clientId.current, slotId, table: tables ? Number(table) : null }).unwrap();
      notify(k('moved'), 'success');
      onClose();
    } catch (e) {
      setError(apiErrorMessage(e, k('unexpectedError')));
      clientId.current = newClientId();
    }
  };
  const onUnschedule = async () => {
    setError(null);
    try {
      await unschedule({ roundId: data.roundId, meetingId: meeting.meetingId, clientId: newClientId() }).unwrap();
      notify(k('unscheduled'), 'success');
      onClose();
    } catch (e) {
      setError(apiErrorMessage(e, k('unexpectedError')));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bc-move-title">
      <DialogTitle id="bc-move-title">{placement ? k('moveTitle') : k('placeTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{label}</Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <Stack spacing={2}>
          <TextField select label={k('slot')} value={slotId} onChange={(e) => setSlotId(e.target.value)}>
            {[...data.round.slots]
              .sort((x, y) => x.index - y.index)
              .map((s) => (
                <MenuItem key={s.slotId} value={s.slotId}>
                  {dayLabel(s.day)} · {rangeOf(s.start, s.end, tz)}
                </MenuItem>
              ))}
          </TextField>
          {tables && (
            <TextField
              label={k('table')}
              type="number"
              value={table}
              onChange={(e) => setTable(e.target.value)}
              slotProps={{ htmlInput: { min: 1, max: data.round.tables } }}
              helperText={k('tableHelp', { max: data.round.tables })}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {placement && (
          <Button color="error" onClick={onUnschedule} disabled={unscheduling.isLoading} sx={{ mr: 'auto' }}>
            {k('unschedule')}
          </Button>
        )}
        <Button onClick={onClose}>{k('cancel')}</Button>
        <Button variant="contained" onClick={onMove} disabled={moving.isLoading || !slotId}>
          {placement ? k('move') : k('place')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
