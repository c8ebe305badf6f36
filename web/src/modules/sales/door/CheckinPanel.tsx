import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import CancelIcon from '@mui/icons-material/Cancel';
import LogoutIcon from '@mui/icons-material/Logout';
import LoginIcon from '@mui/icons-material/Login';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import SearchIcon from '@mui/icons-material/Search';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ticketCodeFrom, type DoorListEntry, type DoorSearchRow, type ScanAnswer, type ScanDirection, type ScanItem } from '@contracts/sales-checkin';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { apiErrorMessage, apiErrorStatus } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { useTranslation } from '../../../i18n';
import { useDoorListQuery, useDoorSearchQuery, useDoorSummaryQuery, useScanMutation } from './api';
import { useScanQueue } from './useScanQueue';

const CameraScanner = lazy(() => import('./CameraScanner'));
const DOOR_KEY = 'aforo.door.name';

/**
 * What the downloaded list says about a scan made offline (provisional: the server decides when it syncs):
 * valid, not in the list, cancelled or refunded, inside already, or scanned in already on this device offline.
 */
type Provisional = 'valid' | 'unknown' | 'cancelled' | 'inside' | 'scannedOffline';
/** What the big answer box shows: a server answer, a scan kept offline, or a request that failed. */
type Shown =
  | { kind: 'answer'; answer: ScanAnswer }
  | { kind: 'queued'; code: string; direction: ScanDirection; entry: DoorListEntry | null; provisional: Provisional }
  | { kind: 'error'; message: string };

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** Time of day of an instant, in the browser's zone (the door's). */
const clock = (iso: string) => new Intl.DateTimeFormat('es-PE', { hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));

function AnswerBox({ shown }: { shown: Shown }) {
  const { t } = useTranslation();
  if (shown.kind === 'error') return <Alert severity="error">{shown.message}</Alert>;
  if (shown.kind === 'queued') {
    return (
      <Paper
        data-testid="door-answer"
        data-result="queued"
        data-provisional={shown.provisional}
        role="status"
        sx={{ p: 2.5, bgcolor: 'warning.light', color: 'warning.contrastText', display: 'flex', gap: 2, alignItems: 'center', borderLeft: 8, borderColor: shown.provisional === 'valid' ? 'success.dark' : 'error.dark' }}
      >
        <CloudOffIcon sx={{ fontSize: 56 }} aria-hidden />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
            {t('sales.door.answer_queued')}
          </Typography>
          {shown.entry && (
            <Typography variant="h5" component="p" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
              {shown.entry.attendeeName ?? t('sales.door.noName')} · {shown.entry.ticketTypeName}
            </Typography>
          )}
          <Typography sx={{ fontWeight: 700 }}>{t(`sales.door.provisional_${shown.provisional}`)}</Typography>
          <Typography>{t('sales.door.queuedText')}</Typography>
        </Box>
      </Paper>
    );
  }
  const a = shown.answer;
  const title = a.ok ? t(a.result === 'exited' ? 'sales.door.answer_exited' : 'sales.door.answer_admitted') : t(a.direction === 'out' ? 'sales.door.answer_exitRefused' : 'sales.door.answer_refused');
  return (
    <Paper
      data-testid="door-answer"
      data-result={a.result}
      role="status"
      sx={{ p: { xs: 2, sm: 3 }, bgcolor: a.ok ? 'success.main' : 'error.main', color: 'common.white', display: 'flex', gap: 2, alignItems: 'center' }}
    >
      {a.ok ? <CheckCircleIcon sx={{ fontSize: { xs: 56, sm: 80 } }} aria-hidden /> : <CancelIcon sx={{ fontSize: { xs: 56, sm: 80 } }} aria-hidden />}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="p" sx={{ fontWeight: 800, letterSpacing: 0.5 }}>
          {title}
        </Typography>
        {a.ticket && (
          <Typography variant="h4" component="p" sx={{ fontWeight: 800, overflowWrap: 'anywhere', fontSize: { xs: 26, sm: 34 } }}>
            {a.ticket.attendeeName ?? t('sales.door.noName')}
          </Typography>
        )}
        {a.ticket && <Typography sx={{ fontSize: 18, fontWeight: 600 }}>{a.ticket.ticketTypeName}</Typography>}
        <Typography sx={{ mt: 0.5 }}>{a.messagePublic}</Typography>
        {a.duplicate && <Typography sx={{ mt: 0.5, fontStyle: 'italic' }}>{t('sales.door.duplicateScan')}</Typography>}
      </Box>
    </Paper>
  );
}

function statusChip(row: DoorSearchRow, t: (k: string, o?: Record<string, unknown>) => string) {
  if (row.status !== 'valid') return <Chip size="small" color="error" label={t(`sales.door.status_${row.status === 'refunded' ? 'refunded' : 'cancelled'}`)} />;
  if (row.inside) return <Chip size="small" color="success" label={row.roomName ? t('sales.door.inRoom', { room: row.roomName }) : t('sales.door.inside')} />;
  return <Chip size="small" variant="outlined" label={t('sales.door.outside')} />;
}

/**
 * The door's check-in panel for one event (team members with checkin.scan: the organizer, `register`,
 * `lima_home`): door name and room, entry or exit, the camera scanner, manual code entry and search by name or
 * e-mail, and the big green/red answer. Scans made offline wait in this device's queue and are synced when the
 * connection is back; the sync's refusals are listed. Used by /tickets/validate and the registration desk.
 */
export function CheckinPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const { data: summary } = useDoorSummaryQuery(eventId, { pollingInterval: online ? 15_000 : 0 });
  const [scan, { isLoading: scanning }] = useScanMutation();
  const queue = useScanQueue(eventId);
  const [door, setDoor] = useState(() => localStorage.getItem(DOOR_KEY) || t('sales.door.defaultDoor'));
  const [room, setRoom] = useState('');
  const [direction, setDirection] = useState<ScanDirection>('in');
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [q, setQ] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const query = useDebouncedValue(q.trim(), 300);
  const search = useDoorSearchQuery({ event: eventId, q: query }, { skip: query.length < 2 || !online });
  // The event's tickets, refreshed while online and kept in memory only: offline scans get a provisional answer.
  const { data: list } = useDoorListQuery(eventId, { pollingInterval: online ? 120_000 : 0 });
  const byCode = useMemo(() => new Map((list ?? []).map((e) => [e.code, e])), [list]);
  const offlineIn = useRef(new Set<string>());

  const provisional = (code: string, dir: ScanDirection): { entry: DoorListEntry | null; provisional: Provisional } => {
    const entry = byCode.get(code) ?? null;
    if (!entry) return { entry, provisional: 'unknown' };
    if (entry.status !== 'valid') return { entry, provisional: 'cancelled' };
    if (dir === 'out') return { entry, provisional: 'valid' };
    if (offlineIn.current.has(code)) return { entry, provisional: 'scannedOffline' };
    offlineIn.current.add(code);
    return { entry, provisional: entry.inside ? 'inside' : 'valid' };
  };

  useEffect(() => {
    localStorage.setItem(DOOR_KEY, door);
  }, [door]);

  const submit = async (raw: string, dir: ScanDirection = direction) => {
    const text = ticketCodeFrom(raw);
    if (!text) return;
    const item: ScanItem = {
      code: text,
      door: door.trim() || t('sales.door.defaultDoor'),
      room: room || null,
      direction: dir,
      scanId: newClientId(),
      scannedAt: new Date().toISOString(),
    };
    if (!navigator.onLine) {
      queue.enqueue(item);
      setShown({ kind: 'queued', code: text, direction: dir, ...provisional(text, dir) });
      return;
    }
    try {
      const answer = await scan({ eventId, ...item }).unwrap();
      setShown({ kind: 'answer', answer });
    } catch (error) {
      const status = apiErrorStatus(error);
      // No answer (network down, server unreachable): keep the scan; its nonce makes the later sync safe.
      if (status === undefined || status >= 500) {
        queue.enqueue(item);
        setShown({ kind: 'queued', code: text, direction: dir, ...provisional(text, dir) });
      } else setShown({ kind: 'error', message: apiErrorMessage(error, t('sales.door.scanError')) });
    }
  };

  const onManual = (e: FormEvent) => {
    e.preventDefault();
    const value = code;
    setCode('');
    void submit(value);
  };

  const conflicts = queue.results.filter((r) => !r.ok);
  const synced = queue.results.filter((r) => r.ok);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {summary && (
        <Typography data-testid="door-counts" color="text.secondary">
          {t('sales.door.counts', { inside: summary.inside, admitted: summary.admitted, tickets: summary.tickets })}
        </Typography>
      )}
      {!online && (
        <Alert severity="warning" icon={<CloudOffIcon />}>
          {t('sales.door.offline')}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' }, alignItems: 'center' }}>
        <TextField size="small" label={t('sales.door.door')} helperText={t('sales.door.doorHelp')} value={door} onChange={(e) => setDoor(e.target.value.slice(0, 80))} />
        <TextField size="small" select label={t('sales.door.room')} value={room} onChange={(e) => setRoom(e.target.value)} helperText=" ">
          <MenuItem value="">{t('sales.door.noRoom')}</MenuItem>
          {(summary?.rooms ?? []).map((r) => (
            <MenuItem key={r._id} value={r._id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          exclusive
          color={direction === 'in' ? 'success' : 'warning'}
          value={direction}
          onChange={(_e, v: ScanDirection | null) => v && setDirection(v)}
          aria-label={t('sales.door.direction')}
          sx={{ mb: { sm: 2.5 } }}
        >
          <ToggleButton value="in" sx={{ px: 2 }}>
            <LoginIcon sx={{ mr: 1 }} aria-hidden />
            {t('sales.door.in')}
          </ToggleButton>
          <ToggleButton value="out" sx={{ px: 2 }}>
            <LogoutIcon sx={{ mr: 1 }} aria-hidden />
            {t('sales.door.out')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Paper>

      {shown && <AnswerBox shown={shown} />}
      {scanning && <LinearProgress aria-label={t('sales.door.validating')} />}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2 }}>
          <Box component="form" onSubmit={onManual} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              fullWidth
              label={t('sales.door.code')}
              helperText={t('sales.door.codeHelp')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              slotProps={{ htmlInput: { 'data-testid': 'door-code', autoCapitalize: 'off', spellCheck: false } }}
            />
            <Button type="submit" variant="contained" disabled={!code.trim()} sx={{ whiteSpace: 'nowrap' }}>
              {t('sales.door.validate')}
            </Button>
          </Box>
          <Button variant={camera ? 'outlined' : 'contained'} color="secondary" startIcon={<QrCodeScannerIcon />} onClick={() => setCamera((c) => !c)}>
            {camera ? t('sales.door.stopCamera') : t('sales.door.startCamera')}
          </Button>
          {camera && (
            <Suspense fallback={<LinearProgress aria-label={t('sales.door.camera')} />}>
              <CameraScanner onCode={(text) => void submit(text)} />
            </Suspense>
          )}
        </Paper>

        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}>
          <TextField
            size="small"
            label={t('sales.door.search')}
            helperText={online ? t('sales.door.searchHelp') : t('sales.door.searchOffline')}
            value={q}
            disabled={!online}
            onChange={(e) => setQ(e.target.value)}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden /></InputAdornment> } }}
          />
          {search.isFetching && <LinearProgress aria-label={t('sales.door.search')} />}
          {query.length >= 2 && search.data && search.data.length === 0 && <Typography color="text.secondary">{t('sales.door.searchEmpty')}</Typography>}
          {query.length >= 2 && search.data && search.data.length > 0 && (
            <List dense disablePadding aria-label={t('sales.door.searchResults')}>
              {search.data.map((row) => (
                <ListItem key={row._id} divider sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}>
                  <ListItemText
                    sx={{ minWidth: 180, flex: '1 1 200px' }}
                    primary={row.attendeeName ?? t('sales.door.noName')}
                    secondary={`${row.ticketTypeName}${row.attendeeEmail ? ` · ${row.attendeeEmail}` : ''}`}
                  />
                  {statusChip(row, t)}
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Button size="small" variant="contained" color="success" disabled={row.status !== 'valid'} onClick={() => void submit(row.code, 'in')} aria-label={t('sales.door.checkInOf', { name: row.attendeeName ?? row.code })}>
                      {t('sales.door.checkIn')}
                    </Button>
                    <Button size="small" variant="outlined" onClick={() => void submit(row.code, 'out')} aria-label={t('sales.door.checkOutOf', { name: row.attendeeName ?? row.code })}>
                      {t('sales.door.checkOut')}
                    </Button>
                  </Box>
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      </Box>

      {(queue.pending.length > 0 || queue.results.length > 0) && (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5 }} aria-labelledby="door-sync-title">
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id="door-sync-title" component="h2" sx={{ fontWeight: 700, flex: '1 1 auto' }}>
              {t('sales.door.syncResults')}
            </Typography>
            {queue.pending.length > 0 && (
              <Button size="small" startIcon={<SyncIcon />} disabled={!online || queue.syncing} onClick={queue.syncNow}>
                {queue.syncing ? t('sales.door.syncing') : t('sales.door.syncNow')}
              </Button>
            )}
            {queue.results.length > 0 && (
              <Button size="small" onClick={queue.clearResults}>
                {t('sales.door.clearResults')}
              </Button>
            )}
          </Box>
          {queue.pending.length > 0 && (
            <Typography data-testid="door-pending">{t('sales.door.pending', { count: queue.pending.length })}</Typography>
          )}
          {queue.retryIn !== null && queue.pending.length > 0 && <Typography color="text.secondary">{t('sales.door.syncRetry', { seconds: queue.retryIn })}</Typography>}
          {synced.length > 0 && <Typography data-testid="door-synced">{t('sales.door.syncedOk', { count: synced.length })}</Typography>}
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {t('sales.door.syncConflicts')}
          </Typography>
          {conflicts.length === 0 ? (
            <Typography color="text.secondary">{t('sales.door.noConflicts')}</Typography>
          ) : (
            <List dense disablePadding data-testid="door-conflicts">
              {conflicts.map((r) => (
                <ListItem key={r.scanId} divider sx={{ px: 0 }}>
                  <ListItemText
                    primary={`${r.ticket?.attendeeName ?? r.ticket?.code ?? t('sales.door.unknownTicket')} — ${r.messagePublic}`}
                    secondary={r.admission ? t('sales.door.since', { time: clock(r.admission.at), door: r.admission.door }) : r.ticket?.ticketTypeName}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      )}
    </Box>
  );
}

export default CheckinPanel;
