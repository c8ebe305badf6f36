import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ticketCodeFrom, type ScanAnswer, type ScanDirection } from '@contracts/sales-checkin';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { PageHeader } from '../../events/components/common';
import { useScanMutation, useVerifyTicketQuery } from './api';

const DOOR_KEY = 'aforo.door.name';

/** A date and time in the event's zone. */
const when = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', hour12: false, timeZone }).format(new Date(iso));

function CodeForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const c = ticketCodeFrom(code);
    if (c) navigate(`/tickets/verify/${encodeURIComponent(c)}`);
  };
  return (
    <>
      <PageHeader title={t('sales.door.verifyTitle')} subtitle={t('sales.door.verifySubtitle')} />
      <Paper variant="outlined" component="form" onSubmit={onSubmit} sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField size="small" fullWidth label={t('sales.door.code')} helperText={t('sales.door.codeHelp')} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
        <Button type="submit" variant="contained" disabled={!code.trim()}>
          {t('sales.door.verify')}
        </Button>
      </Paper>
    </>
  );
}

function Verify({ code }: { code: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading, isFetching } = useVerifyTicketQuery(code);
  const [scan, { isLoading: scanning }] = useScanMutation();
  const [answer, setAnswer] = useState<ScanAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  const { ticket, event } = data;
  const valid = ticket.status === 'valid';

  const record = async (direction: ScanDirection) => {
    setFailure(null);
    try {
      const door = localStorage.getItem(DOOR_KEY) || t('sales.door.defaultDoor');
      setAnswer(await scan({ eventId: event._id, code: ticket.code, door, room: null, direction, scanId: newClientId(), scannedAt: new Date().toISOString() }).unwrap());
    } catch (e) {
      setFailure(apiErrorMessage(e, t('sales.door.scanError')));
    }
  };

  return (
    <>
      <PageHeader
        title={t('sales.door.verifyTitle')}
        subtitle={event.eventName}
        actions={
          <Button component={RouterLink} to={`/tickets/validate/${encodeURIComponent(event.eventCode)}`} startIcon={<QrCodeScannerIcon />}>
            {t('sales.door.openScanner')}
          </Button>
        }
      />
      {(isFetching || scanning) && <LinearProgress aria-label={t('common.loading')} />}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h2" variant="h4" sx={{ fontWeight: 800, flex: '1 1 auto', overflowWrap: 'anywhere' }}>
            {ticket.attendeeName ?? t('sales.door.noName')}
          </Typography>
          {!valid ? (
            <Chip color="error" label={t(`sales.door.status_${ticket.status === 'refunded' ? 'refunded' : 'cancelled'}`)} />
          ) : data.inside ? (
            <Chip color="success" data-testid="verify-state" label={data.room ? t('sales.door.inRoom', { room: data.room.name }) : t('sales.door.inside')} />
          ) : (
            <Chip variant="outlined" data-testid="verify-state" label={t('sales.door.outside')} />
          )}
        </Box>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, fontWeight: 600 } }}>
          <dt>{t('sales.door.ticketType')}</dt>
          <dd>{ticket.ticketTypeName}</dd>
          <dt>{t('sales.door.email')}</dt>
          <dd>{ticket.attendeeEmail ?? '—'}</dd>
          <dt>{t('sales.door.code')}</dt>
          <dd style={{ overflowWrap: 'anywhere' }}>{ticket.code}</dd>
          <dt>{t('sales.door.firstAdmission')}</dt>
          <dd>{data.firstAdmissionAt ? when(data.firstAdmissionAt, event.timeZone) : '—'}</dd>
          <dt>{t('sales.door.entriesExits')}</dt>
          <dd>{t('sales.door.entriesExitsValue', { entries: data.entries, exits: data.exits })}</dd>
        </Box>
        {answer && (
          <Alert data-testid="verify-answer" severity={answer.ok ? 'success' : 'error'} variant="filled">
            {answer.messagePublic}
          </Alert>
        )}
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" color="success" startIcon={<LoginIcon />} disabled={!valid || data.inside || scanning} onClick={() => void record('in')}>
            {t('sales.door.scanIn')}
          </Button>
          <Button variant="outlined" startIcon={<LogoutIcon />} disabled={!data.inside || scanning} onClick={() => void record('out')}>
            {t('sales.door.scanOut')}
          </Button>
        </Box>
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          {t('sales.door.lastScans')}
        </Typography>
        {data.lastScans.length === 0 ? (
          <Typography color="text.secondary">{t('sales.door.noScans')}</Typography>
        ) : (
          <List dense disablePadding>
            {data.lastScans.map((s, i) => (
              <ListItem key={`${s.at}-${i}`} divider sx={{ px: 0 }}>
                <ListItemText
                  primary={`${s.direction === 'in' ? t('sales.door.in') : t('sales.door.out')} · ${s.roomName ? `${s.roomName} · ` : ''}${s.door}`}
                  secondary={when(s.at, event.timeZone)}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </>
  );
}

/**
 * /tickets/verify/{codeParticipant?} (spec section 2): one ticket as the door sees it (attendee, type, inside or
 * not, last scans) with entry and exit buttons; {codeParticipant} is the ticket's code (its QR). Without it, a
 * field to type the code.
 */
export function Component() {
  const code = useParams().codeParticipant;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      {code ? <Verify key={code} code={ticketCodeFrom(code)} /> : <CodeForm />}
    </Container>
  );
}
