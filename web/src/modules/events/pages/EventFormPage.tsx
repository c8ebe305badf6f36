import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  COVER_MAX_BYTES,
  COVER_MIME_TYPES,
  CURRENCIES,
  CURRENCY_PREFIX,
  DEFAULT_TIME_ZONE,
  EVENT_CODE_PATTERN,
  isReservedEventCode,
  createEventRequestSchema,
  updateEventRequestSchema,
  type EventDto,
} from '@contracts/events';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../accounts/api';
import { ErrorView } from '../../../components/ErrorPage';
import { useNotify } from '../../../components/notify';
import { apiErrorBody } from '../../../app/api';
import { useCodeAvailabilityQuery, useCreateEventMutation, useUpdateEventMutation, useUploadCoverMutation } from '../api';
import { modulePath, useModuleArea } from '../area/context';
import { PageHeader } from '../components/common';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { num, zodFieldErrors, type FieldErrors, useFormErrors } from '../components/zodErrors';
import { fromLocalInput, longDate, slugify, toLocalInput } from '../format';

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

interface Form {
  eventName: string;
  eventCode: string;
  description: string;
  place: 'venue' | 'online';
  venue: string;
  onlineUrl: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  currency: string;
  capacity: string;
}

function initialForm(ev: EventDto | undefined): Form {
  if (!ev) {
    return { eventName: '', eventCode: '', description: '', place: 'venue', venue: '', onlineUrl: '', startDate: '', endDate: '', timeZone: DEFAULT_TIME_ZONE, currency: 'PEN', capacity: '' };
  }
  return {
    eventName: ev.eventName,
    eventCode: ev.eventCode,
    description: ev.description ?? '',
    place: ev.onlineUrl && !ev.venue ? 'online' : 'venue',
    venue: ev.venue ?? '',
    onlineUrl: ev.onlineUrl ?? '',
    startDate: toLocalInput(ev.startDate, ev.timeZone),
    endDate: toLocalInput(ev.endDate, ev.timeZone),
    timeZone: ev.timeZone,
    currency: ev.currency,
    capacity: ev.capacity ? String(ev.capacity) : '',
  };
}

/** /module/{userId}/create and /module/{userId}/editEvent/{event}: the event form with cover upload. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { administrator, eventParam, roleData } = useModuleArea();
  const editing = !!eventParam;
  const ev = editing ? roleData?.event ?? undefined : undefined;
  const { notify, notifyError } = useNotify();
  const [create, cs] = useCreateEventMutation();
  const [update, us] = useUpdateEventMutation();
  const [upload, ups] = useUploadCoverMutation();
  const [form, setForm] = useState<Form>(() => initialForm(ev));
  const [codeTouched, setCodeTouched] = useState(editing);
  const { errors, setErrors, formRef, reject, saveFailed } = useFormErrors();
  const [cover, setCover] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [clientId] = useState(() => crypto.randomUUID());
  const fileRef = useRef<HTMLInputElement>(null);
  const busy = cs.isLoading || us.isLoading || ups.isLoading;

  // The code is checked while typing (400 ms after the last key), skipping the event's own code; the answer
  // only counts for the code still in the field. Saving checks again (the reservation is the guarantee).
  const codeReserved = isReservedEventCode(form.eventCode);
  const codeValid = EVENT_CODE_PATTERN.test(form.eventCode) && !codeReserved;
  const settledCode = useDebouncedValue(form.eventCode, 400);
  const checkCode = codeValid && settledCode === form.eventCode && !(ev && form.eventCode === ev.eventCode);
  const { currentData: availability } = useCodeAvailabilityQuery(checkCode ? { code: form.eventCode, ...(ev ? { eventId: ev._id } : {}) } : skipToken);
  const codeAnswer = checkCode && availability?.code === form.eventCode ? availability : undefined;
  // The server's EVENT_CODE_TAKEN text, word for word what the save would answer.
  const codeTaken = codeAnswer && !codeAnswer.available ? (codeAnswer.messagePublic ?? undefined) : undefined;

  useEffect(() => {
    if (ev) setForm(initialForm(ev));
  }, [ev?._id, ev?.version]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  if (editing && !ev) return <ErrorView status={404} />;
  if (editing && roleData && !roleData.actions.includes('event.edit')) return <ErrorView status={403} />;
  if (!editing && user && user._id !== administrator) return <ErrorView status={403} />;

  const set = (name: keyof Form, value: string) => {
    setForm((f) => {
      const next = { ...f, [name]: value } as Form;
      if (name === 'eventName' && !codeTouched) next.eventCode = slugify(value);
      return next;
    });
    setErrors((e) => ({ ...e, [name]: undefined, ...(name === 'eventName' && !codeTouched ? { eventCode: undefined } : {}) }));
  };
  const bind = (name: keyof Form) => ({
    id: `event-${name}`,
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
    error: !!errors[name],
    helperText: errors[name],
    fullWidth: true,
  });

  const publicUrl = `${location.host}/e/${form.eventCode || 'mi-evento'}`;
  const codeHelp =
    errors.eventCode ??
    codeTaken ??
    (codeReserved
      ? t('events.form.codeReserved')
      : form.eventCode && !codeValid
      ? t('events.form.codeInvalid')
      : codeAnswer?.available
        ? t('events.form.codeAvailable', { url: publicUrl })
        : t('events.form.codeHelp', { url: publicUrl }));

  const chooseCover = (file: File | undefined) => {
    if (!file) return;
    if (!(COVER_MIME_TYPES as readonly string[]).includes(file.type)) {
      setErrors((e) => ({ ...e, cover: t('events.form.coverType') }));
      return;
    }
    if (file.size > COVER_MAX_BYTES) {
      setErrors((e) => ({ ...e, cover: t('events.form.coverSize') }));
      return;
    }
    setErrors((e) => ({ ...e, cover: undefined }));
    setCover(file);
    setPreview(URL.createObjectURL(file));
  };

  const submit = async () => {
    const body = {
      eventName: form.eventName,
      eventCode: form.eventCode,
      description: form.description || null,
      venue: form.place === 'venue' ? form.venue || null : null,
      onlineUrl: form.place === 'online' ? form.onlineUrl || null : null,
      startDate: form.startDate ? fromLocalInput(form.startDate, form.timeZone) : '',
      endDate: form.endDate ? fromLocalInput(form.endDate, form.timeZone) : '',
      timeZone: form.timeZone,
      currency: form.currency,
      capacity: num(form.capacity) ?? null,
    };
    const parsed = (editing ? updateEventRequestSchema : createEventRequestSchema).safeParse(body);
    const errs: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (!form.startDate) errs.startDate = t('common.required');
    if (!form.endDate) errs.endDate = t('common.required');
    if (form.startDate && form.endDate && body.endDate <= body.startDate) errs.endDate ??= t('events.form.endAfterStart');
    if (form.place === 'venue' && !form.venue.trim()) errs.venue ??= t('events.form.venueRequired');
    if (form.place === 'online' && !form.onlineUrl.trim()) errs.onlineUrl ??= t('events.form.onlineRequired');
    if (!parsed.success || Object.values(errs).some(Boolean)) {
      reject(errs);
      return;
    }
    try {
      const saved = editing
        ? (await update({ id: ev!._id, body: { ...(parsed.data as object), expectedVersion: ev!.version } }).unwrap()).data
        : (await create({ ...(parsed.data as object), clientId } as never).unwrap()).data;
      if (cover) {
        try {
          await upload({ id: saved._id, file: cover }).unwrap();
        } catch (error) {
          notifyError(error, t('events.form.coverFailed'));
        }
      }
      notify(editing ? t('events.form.updated') : t('events.form.created'), 'success');
      navigate(modulePath(saved.ownerId, saved.eventCode, 'store'));
    } catch (error) {
      // A code already reserved by another event (409 EVENT_CODE_TAKEN) is shown beside the code field.
      const body = apiErrorBody(error);
      saveFailed(error, body?.code === 'EVENT_CODE_TAKEN' ? { eventCode: body.messagePublic } : {});
    }
  };

  const coverSrc = preview ?? ev?.coverUrl ?? null;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={editing ? t('events.form.editTitle') : t('events.form.createTitle')} subtitle={editing ? ev?.eventName : t('events.form.createSubtitle')} />
      {ev?.cancelledAt && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('events.lifecycle.cancelledBanner', { date: longDate(ev.cancelledAt, ev.timeZone).replace(/^./, (c) => c.toLocaleLowerCase('es')) })}
        </Alert>
      )}
      <Box component="form" ref={formRef} noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} sx={{ display: 'grid', gap: 3 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, gridColumn: '1 / -1' }}>
            {t('events.form.basics')}
          </Typography>
          <TextField {...bind('eventName')} label={t('events.form.eventName')} required autoFocus={!editing} sx={{ gridColumn: '1 / -1' }} />
          <TextField
            {...bind('eventCode')}
            onChange={(e) => {
              setCodeTouched(true);
              set('eventCode', e.target.value.toLowerCase());
            }}
            label={t('events.form.eventCode')}
            required
            error={!!errors.eventCode || !!codeTaken || (!!form.eventCode && !codeValid)}
            helperText={codeHelp}
            sx={{ gridColumn: '1 / -1' }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">/e/</InputAdornment> } }}
          />
          <TextField {...bind('description')} label={t('events.form.description')} multiline minRows={4} sx={{ gridColumn: '1 / -1' }} />
        </Paper>

        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, gridColumn: '1 / -1' }}>
            {t('events.form.whereWhen')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={form.place}
            onChange={(_e, v) => v && set('place', v)}
            aria-label={t('events.form.place')}
            sx={{ gridColumn: '1 / -1' }}
          >
            <ToggleButton value="venue">{t('events.form.inPerson')}</ToggleButton>
            <ToggleButton value="online">{t('events.common.online')}</ToggleButton>
          </ToggleButtonGroup>
          {form.place === 'venue' ? (
            <TextField {...bind('venue')} label={t('events.form.venue')} required sx={{ gridColumn: '1 / -1' }} placeholder={t('events.form.venuePlaceholder')} />
          ) : (
            <TextField {...bind('onlineUrl')} label={t('events.form.onlineUrl')} required type="url" sx={{ gridColumn: '1 / -1' }} placeholder="https://" />
          )}
          <TextField {...bind('startDate')} label={t('events.form.startDate')} type="datetime-local" required slotProps={{ inputLabel: { shrink: true } }} />
          <TextField {...bind('endDate')} label={t('events.form.endDate')} type="datetime-local" required slotProps={{ inputLabel: { shrink: true } }} />
          <TextField {...bind('timeZone')} select label={t('events.form.timeZone')}>
            {(TIME_ZONES.includes(form.timeZone) ? TIME_ZONES : [form.timeZone, ...TIME_ZONES]).map((z) => (
              <MenuItem key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...bind('capacity')} label={t('events.form.capacity')} type="number" slotProps={{ htmlInput: { min: 1 } }} helperText={errors.capacity ?? t('events.form.capacityHelp')} />
          <TextField {...bind('currency')} select label={t('events.form.currency')} helperText={errors.currency ?? t('events.form.currencyHelp')}>
            {CURRENCIES.map((c) => (
              <MenuItem key={c} value={c}>
                {CURRENCY_PREFIX[c]} · {t(`events.currency.${c}`)}
              </MenuItem>
            ))}
          </TextField>
        </Paper>

        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
            {t('events.form.cover')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Box
              sx={{ width: { xs: '100%', sm: 320 }, aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.100', display: 'grid', placeItems: 'center', border: 1, borderColor: 'divider' }}
            >
              {coverSrc ? (
                <Box component="img" src={coverSrc} alt={t('events.form.coverPreview')} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              ) : (
                <ImageIcon sx={{ fontSize: 48, color: 'grey.400' }} aria-hidden />
              )}
            </Box>
            <Box>
              <input ref={fileRef} type="file" accept={COVER_MIME_TYPES.join(',')} hidden onChange={(e) => chooseCover(e.target.files?.[0])} data-testid="cover-input" aria-label={t('events.form.coverChoose')} />
              <Button variant="outlined" startIcon={<CloudUploadIcon />} onClick={() => fileRef.current?.click()}>
                {coverSrc ? t('events.form.coverChange') : t('events.form.coverChoose')}
              </Button>
              <Typography variant="body2" color={errors.cover ? 'error' : 'text.secondary'} sx={{ mt: 1 }}>
                {errors.cover ?? t('events.form.coverHelp')}
              </Typography>
            </Box>
          </Box>
        </Paper>

        {busy && <LinearProgress aria-label={t('common.loading')} />}
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={() => navigate(-1)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={busy || !!ev?.cancelledAt} data-testid="event-save">
            {editing ? t('events.form.saveChanges') : t('events.form.create')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
