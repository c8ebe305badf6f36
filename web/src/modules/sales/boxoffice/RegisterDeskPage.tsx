import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormField } from '@contracts/sales-settings';
import { lazy, Suspense, useEffect, useState } from 'react';
import { apiErrorBody, apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useNotify } from '../../../components/notify';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { useTranslation } from '../../../i18n';
import { useEventInformationQuery } from '../../events/api';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { AnswerControl } from '../settings/FormPreview';
import { useRegistrationFormQuery } from '../settings/api';
import { badgePdfUrl, useCheckInMutation, useDeskSearchQuery, useRegisterAttendeeMutation, type DeskSearchRow } from './api';
import { PrinterBar, useBadgePrinter, type BadgeTicket, type PrintOutcome } from './printer';

// The door's scanner (camera, manual code, offline queue): loaded only when the desk opens its tab.
const CheckinPanel = lazy(() => import('../door/CheckinPanel'));

/**
 * /register (role register, and the store administrator): find the attendee by name, e-mail or code, or create
 * one on a free ticket type with the registration form; check them in; print their badge on the DYMO printer
 * (or a remote print server), or as a PDF label when no DYMO service answers.
 */
export default function RegisterDeskPage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const info = useEventInformationQuery(eventId!, { skip: !eventId });
  const printer = useBadgePrinter();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const search = useDeskSearchQuery({ eventId: eventId!, q }, { skip: !eventId || q.length < 2 });
  const [creating, setCreating] = useState(false);
  const [badgeFor, setBadgeFor] = useState<BadgeTicket | null>(null);
  const [tab, setTab] = useState<'search' | 'scan'>('search');

  if (info.error) return <ErrorView {...describeError(info.error)} />;
  if (!info.data) return <LinearProgress aria-label={t('common.loading')} />;
  const event = info.data.data;

  return (
    <Box>
      <PageHeader
        title={t('sales.boxoffice.desk.title')}
        subtitle={event.eventName}
        actions={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setCreating(true)} data-testid="desk-new">
            {t('sales.boxoffice.desk.new')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <PrinterBar printer={printer} />
      </Paper>
      <Tabs value={tab} onChange={(_e, v: 'search' | 'scan') => setTab(v)} sx={{ mb: 2 }} aria-label={t('sales.boxoffice.desk.tabs')}>
        <Tab value="search" label={t('sales.boxoffice.desk.tabSearch')} id="desk-tab-search" aria-controls="desk-panel-search" />
        <Tab value="scan" label={t('sales.boxoffice.desk.tabScan')} id="desk-tab-scan" aria-controls="desk-panel-scan" data-testid="desk-tab-scan" />
      </Tabs>
      {tab === 'scan' && (
        <Box role="tabpanel" id="desk-panel-scan" aria-labelledby="desk-tab-scan">
          <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
            <CheckinPanel eventId={event._id} />
          </Suspense>
        </Box>
      )}
      {tab === 'search' && (
        <Box role="tabpanel" id="desk-panel-search" aria-labelledby="desk-tab-search">
          <TextField
            fullWidth
            autoFocus
            label={t('sales.boxoffice.desk.search')}
            placeholder={t('sales.boxoffice.desk.searchPlaceholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> }, htmlInput: { 'data-testid': 'desk-search' } }}
          />
          {search.isFetching && <LinearProgress sx={{ mt: 1 }} aria-label={t('common.loading')} />}
          {q.length >= 2 && search.data && (
            <Stack spacing={1.5} sx={{ mt: 2 }} component="ul" aria-label={t('sales.boxoffice.desk.results')} data-testid="desk-results" style={{ listStyle: 'none', padding: 0, margin: '16px 0 0' }}>
              {search.data.length === 0 && (
                <Typography color="text.secondary" component="li">
                  {t('sales.boxoffice.desk.none')}
                </Typography>
              )}
              {search.data.map((row) => (
                <AttendeeRow key={row._id} row={row} eventId={event._id} onBadge={() => setBadgeFor(row)} />
              ))}
            </Stack>
          )}
          {q.length < 2 && (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {t('sales.boxoffice.desk.hint')}
            </Typography>
          )}
        </Box>
      )}
      {creating && (
        <NewAttendeeDialog
          eventId={event._id}
          ticketTypes={info.data.ticketTypes.filter((tt) => tt.price === 0)}
          onClose={() => setCreating(false)}
          onCreated={(ticket) => {
            setCreating(false);
            setText(ticket.code);
            setBadgeFor(ticket);
          }}
        />
      )}
      {badgeFor && <BadgeDialog ticket={badgeFor} printer={printer} onClose={() => setBadgeFor(null)} />}
    </Box>
  );
}

function AttendeeRow({ row, eventId, onBadge }: { row: DeskSearchRow; eventId: string; onBadge: () => void }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [checkIn, state] = useCheckInMutation();
  const valid = row.status === 'valid';
  const doCheckIn = async () => {
    try {
      const r = await checkIn({ eventId, code: row.code, scanId: newClientId(), door: t('sales.boxoffice.desk.door') }).unwrap();
      notify(r.messagePublic, r.ok ? 'success' : 'warning');
    } catch (e) {
      notifyError(e, t('common.unexpectedError'));
    }
  };
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }} data-testid="desk-row">
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{row.attendeeName || t('sales.boxoffice.desk.noName')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {[row.attendeeEmail, row.ticketTypeName, row.code].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      {!valid ? (
        <Chip color="error" label={t(`sales.boxoffice.desk.status.${row.status}`)} />
      ) : row.inside ? (
        <Chip color="success" label={t('sales.boxoffice.desk.inside')} data-testid="desk-inside" />
      ) : (
        <Chip variant="outlined" label={t('sales.boxoffice.desk.notInside')} />
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" startIcon={<HowToRegIcon />} disabled={!valid || row.inside || state.isLoading} onClick={() => void doCheckIn()} data-testid="desk-checkin">
          {t('sales.boxoffice.desk.checkIn')}
        </Button>
        <Button variant="outlined" startIcon={<BadgeIcon />} disabled={!valid} onClick={onBadge} data-testid="desk-badge">
          {t('sales.boxoffice.desk.badge')}
        </Button>
      </Box>
    </Paper>
  );
}

function BadgeDialog({ ticket, printer, onClose }: { ticket: BadgeTicket; printer: ReturnType<typeof useBadgePrinter>; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [company, setCompany] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PrintOutcome | null>(null);
  const [rendered, setRendered] = useState<string | null>(null);
  const shownCompany = useDebouncedValue(company, 400);
  const { preview } = printer;
  // The DYMO service's own rendering of the label, when it answers (the text preview otherwise).
  useEffect(() => {
    let live = true;
    void preview(ticket, shownCompany).then((png) => live && setRendered(png));
    return () => {
      live = false;
    };
  }, [ticket, shownCompany, printer.status.kind]); // eslint-disable-line react-hooks/exhaustive-deps
  const print = async () => {
    setBusy(true);
    const r = await printer.print(ticket, company);
    setBusy(false);
    setOutcome(r);
    if (r.via === 'dymo') notify(t('sales.boxoffice.badge.printed', { printer: r.printer }), 'success');
    if (r.via === 'remote') notify(t('sales.boxoffice.badge.sentRemote', { printer: r.printer }), 'success');
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="badge-title">
      <DialogTitle id="badge-title">{t('sales.boxoffice.badge.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {rendered && <Box component="img" src={`data:image/png;base64,${rendered}`} alt={t('sales.boxoffice.badge.rendered', { name: ticket.attendeeName ?? '' })} sx={{ maxWidth: '100%', border: 1, borderColor: 'divider' }} data-testid="badge-rendered" />}
        <Paper variant="outlined" sx={{ p: 2, textAlign: 'center' }} aria-label={t('sales.boxoffice.badge.preview')}>
          <Typography variant="h6" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
            {ticket.attendeeName}
          </Typography>
          {company && <Typography>{company}</Typography>}
          <Typography variant="body2" color="primary">
            {ticket.ticketTypeName}
          </Typography>
        </Paper>
        <TextField label={t('sales.boxoffice.badge.company')} value={company} onChange={(e) => setCompany(e.target.value)} slotProps={{ htmlInput: { maxLength: 120 } }} />
        {outcome?.via === 'pdf' && (
          <Alert severity="info" data-testid="badge-pdf">
            {outcome.error ? `${t('sales.boxoffice.badge.dymoFailed', { error: outcome.error })} ` : ''}
            <Link href={outcome.url} target="_blank" rel="noopener" data-testid="badge-pdf-link">
              {t('sales.boxoffice.badge.openPdf')}
            </Link>
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button component="a" href={badgePdfUrl(ticket._id, company)} target="_blank" rel="noopener">
          {t('sales.boxoffice.badge.pdf')}
        </Button>
        <Button variant="contained" onClick={() => void print()} disabled={busy} data-testid="badge-print">
          {t('sales.boxoffice.badge.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The registration form's questions for a ticket type (absent ticketTypeIds: asked for every type). */
const fieldsFor = (fields: FormField[], ticketTypeId: string) => fields.filter((f) => !f.ticketTypeIds?.length || f.ticketTypeIds.includes(ticketTypeId));

function NewAttendeeDialog({
  eventId,
  ticketTypes,
  onClose,
  onCreated,
}: {
  eventId: string;
  ticketTypes: { _id: string; name: string }[];
  onClose: () => void;
  onCreated: (ticket: BadgeTicket & { code: string }) => void;
}) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const form = useRegistrationFormQuery(eventId);
  const [register, state] = useRegisterAttendeeMutation();
  const [clientId] = useState(newClientId);
  const [ticketTypeId, setTicketTypeId] = useState(ticketTypes[0]?._id ?? '');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [answers, setAnswers] = useState<Record<string, string | string[] | boolean>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const fields = fieldsFor(form.data?.fields ?? [], ticketTypeId);

  const submit = async () => {
    setError(null);
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t('sales.boxoffice.desk.required');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) local.email = t('sales.boxoffice.desk.badEmail');
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const r = await register({ eventId, body: { clientId, ticketTypeId, name: name.trim(), email: email.trim(), answers } }).unwrap();
      notify(t('sales.boxoffice.desk.created', { name: r.data.attendeeName ?? '' }), 'success');
      onCreated(r.data);
    } catch (e) {
      const body = apiErrorBody(e);
      const fieldErrors = Object.fromEntries((body?.errors ?? []).map((x) => [x.path.replace(/^answers\./, ''), x.message]));
      setErrors(fieldErrors);
      setError(apiErrorMessage(e, t('common.unexpectedError')));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="desk-new-title">
      <DialogTitle id="desk-new-title">{t('sales.boxoffice.desk.newTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {ticketTypes.length === 0 ? (
          <Alert severity="info">{t('sales.boxoffice.desk.noFreeTypes')}</Alert>
        ) : (
          <>
            <TextField select label={t('sales.boxoffice.desk.ticketType')} value={ticketTypeId} onChange={(e) => setTicketTypeId(e.target.value)} id="desk-ticket-type">
              {ticketTypes.map((tt) => (
                <MenuItem key={tt._id} value={tt._id}>
                  {tt.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={t('sales.boxoffice.desk.name')} required value={name} onChange={(e) => setName(e.target.value)} error={!!errors.name} helperText={errors.name} id="desk-name" />
            <TextField label={t('sales.boxoffice.desk.email')} required type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={!!errors.email} helperText={errors.email} id="desk-email" />
            {form.isLoading && <LinearProgress aria-label={t('common.loading')} />}
            {fields.map((f) => (
              <AnswerControl key={f._id} id={`desk-answer-${f._id}`} field={f} value={answers[f._id]} error={errors[f._id]} onChange={(v) => setAnswers((a) => ({ ...a, [f._id]: v }))} />
            ))}
            <Typography variant="body2" color="text.secondary">
              {t('sales.boxoffice.desk.paidHint')}
            </Typography>
          </>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={state.isLoading || ticketTypes.length === 0} onClick={() => void submit()} data-testid="desk-create">
          {t('sales.boxoffice.desk.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
