import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { localDateTimeOf, type RoundDay, type RoundDto, type RoundInput } from '@contracts/businessConference-rounds';
import { useState, type ReactNode } from 'react';
import { apiErrorBody } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { ConfirmDialog } from '../../../components/FormDialogActions';
import { useInvalidFocus } from '../../../components/a11y';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { StaleAlert, useStaleVersion } from '../../sales/common/StaleVersion';
import { useCreateRoundMutation, useDeleteRoundMutation, useUpdateRoundMutation } from './api';
import { formatDay, formatRange } from './format';
import { useCurrentRound } from './useRound';

const TIME_ZONES = [
  'America/Lima',
  'America/Bogota',
  'America/Guayaquil',
  'America/La_Paz',
  'America/Santiago',
  'America/Argentina/Buenos_Aires',
  'America/Sao_Paulo',
  'America/Caracas',
  'America/Mexico_City',
  'America/New_York',
  'Europe/Madrid',
  'UTC',
];
const DEFAULT_DAY = { start: '09:00', end: '13:00' };
const MAX_DAYS = 31;

interface Form {
  name: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  meetingMinutes: string;
  days: RoundDay[];
  venue: 'tables' | 'virtual';
  tables: string;
  requestDeadline: string;
  requestMode: 'accept' | 'auto';
  schedulingMode: 'participants' | 'organizer';
  maxRequestsPerParticipant: string;
  productDeadline: string;
}
type Errors = Record<string, string>;

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const num = (v: string) => (v.trim() === '' ? null : Number(v.trim().replace(',', '.')));
const today = () => new Date().toISOString().slice(0, 10);

/** Every date from start to end (YYYY-MM-DD), at most MAX_DAYS. */
function datesBetween(start: string, end: string): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || end < start) return [];
  const out: string[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); out.length < MAX_DAYS; d.setUTCDate(d.getUTCDate() + 1)) {
    const s = d.toISOString().slice(0, 10);
    if (s > end) break;
    out.push(s);
  }
  return out;
}

function initialForm(r: RoundDto | null, timeZone: string): Form {
  if (!r) {
    const d = today();
    return {
      name: '',
      startDate: d,
      endDate: d,
      timeZone,
      meetingMinutes: '30',
      days: [{ date: d, ...DEFAULT_DAY, breaks: [] }],
      venue: 'tables',
      tables: '10',
      requestDeadline: '',
      requestMode: 'accept',
      schedulingMode: 'participants',
      maxRequestsPerParticipant: '',
      productDeadline: '',
    };
  }
  return {
    name: r.name,
    startDate: r.startDate,
    endDate: r.endDate,
    timeZone: r.timeZone,
    meetingMinutes: str(r.meetingMinutes),
    days: r.days,
    venue: r.venue,
    tables: str(r.tables),
    requestDeadline: r.requestDeadline ? localDateTimeOf(r.requestDeadline, r.timeZone) : '',
    requestMode: r.requestMode,
    schedulingMode: r.schedulingMode,
    maxRequestsPerParticipant: str(r.maxRequestsPerParticipant),
    productDeadline: r.productDeadline ? localDateTimeOf(r.productDeadline, r.timeZone) : '',
  };
}

function Section({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2 }}>
      <Box>
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {help && (
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        )}
      </Box>
      {children}
    </Paper>
  );
}

/** The create / edit form of one round, mounted per loaded version. */
function RoundForm({ round, eventId, timeZone, onDone }: { round: RoundDto | null; eventId: string; timeZone: string; onDone: (saved?: RoundDto) => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [create, creating] = useCreateRoundMutation();
  const [update, updating] = useUpdateRoundMutation();
  const [form, setForm] = useState<Form>(() => initialForm(round, timeZone));
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [clientId, setClientId] = useState(newClientId);
  const { stale, staleFrom } = useStaleVersion();
  const invalid = useInvalidFocus();
  const busy = creating.isLoading || updating.isLoading;
  const k = (key: string) => t(`businessConference.rounds.${key}`);

  const set = (patch: Partial<Form>, clear: string[] = []) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((er) => Object.fromEntries(Object.entries(er).filter(([p]) => !clear.some((c) => p === c || p.startsWith(`${c}.`)))));
    setSummary(null);
    setClientId(newClientId());
  };
  /** Changing the dates keeps the days already set and adds the new ones with the default hours. */
  const setDates = (startDate: string, endDate: string) => {
    const dates = datesBetween(startDate, endDate);
    set({ startDate, endDate, ...(dates.length ? { days: dates.map((date) => form.days.find((d) => d.date === date) ?? { date, ...DEFAULT_DAY, breaks: [] }) } : {}) }, ['startDate', 'endDate', 'days']);
  };
  const setDay = (i: number, patch: Partial<RoundDay>) => set({ days: form.days.map((d, j) => (j === i ? { ...d, ...patch } : d)) }, [`days.${i}`]);

  const text = (name: keyof Form, extra: { type?: string; help?: string; inputMode?: 'numeric' } = {}) => ({
    id: `round-${name}`,
    name,
    label: k(name),
    value: form[name] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [name]: e.target.value } as Partial<Form>, [name]),
    error: !!errors[name],
    helperText: errors[name] ?? extra.help,
    fullWidth: true,
    ...(extra.type ? { type: extra.type } : {}),
    slotProps: { inputLabel: { shrink: true }, ...(extra.inputMode ? { htmlInput: { inputMode: extra.inputMode } } : {}) },
  });

  const submit = async () => {
    const body: RoundInput = {
      name: form.name,
      startDate: form.startDate,
      endDate: form.endDate,
      timeZone: form.timeZone,
      meetingMinutes: num(form.meetingMinutes) ?? NaN,
      days: form.days,
      venue: form.venue,
      tables: num(form.tables) ?? NaN,
      requestDeadline: form.requestDeadline || null,
      requestMode: form.requestMode,
      schedulingMode: form.schedulingMode,
      maxRequestsPerParticipant: num(form.maxRequestsPerParticipant),
      productDeadline: form.productDeadline || null,
    };
    // A number field left with letters: refused here, the server would only say "invalid".
    for (const f of ['meetingMinutes', 'tables', 'maxRequestsPerParticipant'] as const) {
      const v = body[f];
      if (typeof v === 'number' && !Number.isInteger(v)) {
        setErrors({ [f]: k('integer') });
        invalid.failed();
        return;
      }
    }
    try {
      const saved = round
        ? await update({ eventId, roundId: round._id, body: { ...body, expectedVersion: round.version, clientId } }).unwrap()
        : await create({ eventId, body: { ...body, clientId } }).unwrap();
      notify(round ? k('saved') : k('created'), 'success');
      onDone(saved.data);
    } catch (error) {
      if (staleFrom(error)) return;
      const b = apiErrorBody(error);
      const list = b?.errors ?? [];
      setErrors(Object.fromEntries(list.map((e) => [e.path, e.message])));
      setSummary(b?.messagePublic ?? k('saveFailed'));
      invalid.failed();
    }
  };

  const dayError = (i: number) => Object.entries(errors).find(([p]) => p.startsWith(`days.${i}.`))?.[1];

  return (
    <Box
      component="form"
      ref={invalid.ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
      data-testid="round-form"
      aria-labelledby="round-form-title"
    >
      <Typography id="round-form-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {round ? k('editTitle') : k('newTitle')}
      </Typography>
      <StaleAlert message={stale} onReload={() => onDone()} reloadLabel={k('reload')} testId="round-reload" />
      {summary && (
        <Alert severity="error" role="alert" data-testid="round-error">
          {summary}
        </Alert>
      )}
      <Section title={k('sectionGeneral')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField {...text('name')} sx={{ gridColumn: '1 / -1' }} />
          <TextField {...text('startDate', { type: 'date' })} onChange={(e) => setDates(e.target.value, form.endDate < e.target.value ? e.target.value : form.endDate)} />
          <TextField {...text('endDate', { type: 'date' })} onChange={(e) => setDates(form.startDate, e.target.value)} />
          <TextField {...text('timeZone')} select>
            {(TIME_ZONES.includes(form.timeZone) ? TIME_ZONES : [form.timeZone, ...TIME_ZONES]).map((z) => (
              <MenuItem key={z} value={z}>
                {z}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...text('meetingMinutes', { inputMode: 'numeric', help: k('meetingMinutesHelp') })} />
        </Box>
      </Section>

      <Section title={k('sectionDays')} help={k('sectionDaysHelp')}>
        {errors.days && <FormHelperText error>{errors.days}</FormHelperText>}
        {form.days.map((d, i) => (
          <Paper key={d.date} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1.5 }} data-testid={`round-day-${d.date}`}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600, flex: '1 1 160px' }}>{formatDay(d.date)}</Typography>
              <TextField
                size="small"
                type="time"
                label={k('dayStart')}
                id={`round-day-${i}-start`}
                value={d.start}
                onChange={(e) => setDay(i, { start: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: 130 }}
              />
              <TextField
                size="small"
                type="time"
                label={k('dayEnd')}
                id={`round-day-${i}-end`}
                value={d.end}
                onChange={(e) => setDay(i, { end: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: 130 }}
              />
              <Button size="small" onClick={() => setDay(i, { breaks: [...d.breaks, { start: '11:00', end: '11:30' }] })}>
                {k('addBreak')}
              </Button>
              {form.days.length > 1 && (
                <IconButton aria-label={t('businessConference.rounds.removeDay', { day: formatDay(d.date) })} onClick={() => set({ days: form.days.filter((_, j) => j !== i) }, ['days'])}>
                  <DeleteIcon />
                </IconButton>
              )}
            </Box>
            {d.breaks.map((b, bi) => (
              <Box key={bi} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', pl: { sm: 2 } }}>
                <Typography variant="body2" color="text.secondary" sx={{ minWidth: 70 }}>
                  {k('break')}
                </Typography>
                <TextField
                  size="small"
                  type="time"
                  label={k('breakStart')}
                  value={b.start}
                  onChange={(e) => setDay(i, { breaks: d.breaks.map((x, j) => (j === bi ? { ...x, start: e.target.value } : x)) })}
                  slotProps={{ inputLabel: { shrink: true } }}
                  sx={{ width: 130 }}
                />
                <TextField
                  size="small"
                  type="time"
                  label={k('breakEnd')}
                  value={b.end}
                  onChange={(e) => setDay(i, { breaks: d.breaks.map((x, j) => (j === bi ? { ...x, end: e.target.value } : x)) })}
                  slotProps={{ inputLabel: { shrink: true } }}
                  sx={{ width: 130 }}
                />
                <IconButton aria-label={k('removeBreak')} onClick={() => setDay(i, { breaks: d.breaks.filter((_, j) => j !== bi) })}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            ))}
            {dayError(i) && <FormHelperText error>{dayError(i)}</FormHelperText>}
          </Paper>
        ))}
      </Section>

      <Section title={k('sectionVenue')}>
        <RadioGroup row value={form.venue} onChange={(e) => set({ venue: e.target.value as Form['venue'] }, ['venue'])} aria-label={k('venue')}>
          <FormControlLabel value="tables" control={<Radio />} label={k('venueTables')} />
          <FormControlLabel value="virtual" control={<Radio />} label={k('venueVirtual')} />
        </RadioGroup>
        <TextField {...text('tables', { inputMode: 'numeric' })} label={form.venue === 'tables' ? k('tablesCount') : k('roomsCount')} sx={{ maxWidth: 320 }} />
      </Section>

      <Section title={k('sectionRequests')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField {...text('requestMode')} select>
            <MenuItem value="accept">{k('requestModeAccept')}</MenuItem>
            <MenuItem value="auto">{k('requestModeAuto')}</MenuItem>
          </TextField>
          <TextField {...text('schedulingMode')} select>
            <MenuItem value="participants">{k('schedulingParticipants')}</MenuItem>
            <MenuItem value="organizer">{k('schedulingOrganizer')}</MenuItem>
          </TextField>
          <TextField {...text('requestDeadline', { type: 'datetime-local', help: k('deadlineHelp') })} />
          <TextField {...text('maxRequestsPerParticipant', { inputMode: 'numeric', help: k('maxRequestsHelp') })} />
          <TextField {...text('productDeadline', { type: 'datetime-local', help: k('deadlineHelp') })} />
        </Box>
      </Section>

      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy} data-testid="round-save">
          {busy ? t('common.saving') : round ? t('common.save') : k('create')}
        </Button>
        <Button onClick={() => onDone()} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </Box>
    </Box>
  );
}

/** Business conference › Configuración › Rueda: create, edit and delete the event's rounds. */
export default function RoundsSettingsPage() {
  const { t } = useTranslation();
  const { eventId, roleData } = useModuleArea();
  const { notify, notifyError } = useNotify();
  const { rounds, round: current, select, loading } = useCurrentRound();
  const [editing, setEditing] = useState<RoundDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoundDto | null>(null);
  const [remove, removing] = useDeleteRoundMutation();
  const mayEdit = !!roleData?.actions.includes('meeting.manage');
  const k = (key: string) => t(`businessConference.rounds.${key}`);
  const eventTimeZone = (roleData?.event as { timeZone?: string } | null | undefined)?.timeZone ?? 'America/Lima';

  if (!eventId) return <ErrorView status={404} />;
  if (loading) return <LinearProgress aria-label={t('common.loading')} />;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ eventId, roundId: deleting._id, clientId: newClientId() }).unwrap();
      notify(k('deleted'), 'success');
      setDeleting(null);
    } catch (error) {
      notifyError(error, k('saveFailed'));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader
        title={k('title')}
        subtitle={k('subtitle')}
        actions={
          mayEdit &&
          !editing && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="round-new">
              {k('new')}
            </Button>
          )
        }
      />
      {editing ? (
        <RoundForm
          key={editing === 'new' ? 'new' : `${editing._id}:${editing.version}`}
          round={editing === 'new' ? null : editing}
          eventId={eventId}
          timeZone={eventTimeZone}
          onDone={(saved) => {
            if (saved) select(saved._id);
            setEditing(null);
          }}
        />
      ) : rounds.length === 0 ? (
        <Alert severity="info" data-testid="rounds-empty">
          {mayEdit ? k('emptyEditor') : k('empty')}
        </Alert>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }} aria-label={k('list')}>
          {rounds.map((r) => (
            <Paper component="li" key={r._id} variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }} data-testid={`round-${r.code}`}>
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {r.name}
                  </Typography>
                  <Chip size="small" label={t('businessConference.rounds.code', { code: r.code })} />
                  {current?._id === r._id && <Chip size="small" variant="outlined" label={k('current')} sx={{ color: 'primary.dark', borderColor: 'primary.dark' }} />}
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {formatRange(r.startDate, r.endDate)} · {r.timeZone} · {t('businessConference.rounds.slotsCount', { count: r.slots.length })} ·{' '}
                  {t(r.venue === 'tables' ? 'businessConference.rounds.tablesN' : 'businessConference.rounds.roomsN', { count: r.tables })}
                </Typography>
              </Box>
              {mayEdit && (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button startIcon={<EditIcon />} onClick={() => setEditing(r)} data-testid={`round-edit-${r.code}`}>
                    {k('edit')}
                  </Button>
                  <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(r)} data-testid={`round-delete-${r.code}`}>
                    {k('delete')}
                  </Button>
                </Box>
              )}
            </Paper>
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={!!deleting}
        titleId="round-delete-title"
        title={k('deleteTitle')}
        text={t('businessConference.rounds.deleteText', { name: deleting?.name ?? '' })}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        submitLabel={k('delete')}
        busy={removing.isLoading}
        danger
        submitTestId="round-delete-confirm"
      />
    </Box>
  );
}
