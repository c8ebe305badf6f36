import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FORM_FIELD_TYPES, type FormField, type FormFieldInput, type FormFieldType, type RegistrationForm } from '@contracts/sales-settings';
import { DomainError, normalizeFields } from '@contracts/sales-settings-rules';
import { useMemo, useState } from 'react';
import { apiErrorBody } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useInvalidFocus } from '../../../components/a11y';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useEventInformationQuery } from '../../events/api';
import { useModuleArea } from '../../events/area/context';
import { EmptyState, PageHeader } from '../../events/components/common';
import { StaleAlert, useStaleVersion } from '../common/StaleVersion';
import { FormPreview } from './FormPreview';
import { useRegistrationFormQuery, useSaveRegistrationFormMutation } from './api';

/** A question being edited: `key` is React's (a new question has no server id yet); options as typed, one per line. */
interface Draft {
  key: string;
  _id?: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  optionsText: string;
  consentText: string;
  ticketTypeIds: string[];
}
type DraftErrors = Record<number, Partial<Record<'label' | 'options' | 'consentText' | 'ticketTypeIds' | '_id', string>>>;

const CHOICES = new Set<FormFieldType>(['choice', 'multiChoice']);
const fromField = (f: FormField): Draft => ({
  key: f._id,
  _id: f._id,
  label: f.label,
  type: f.type,
  required: f.required,
  optionsText: (f.options ?? []).join('\n'),
  consentText: f.consentText ?? '',
  ticketTypeIds: f.ticketTypeIds ?? [],
});
const options = (d: Draft) =>
  d.optionsText
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
function toInput(d: Draft): FormFieldInput {
  return {
    ...(d._id ? { _id: d._id } : {}),
    label: d.label,
    type: d.type,
    required: d.required,
    ...(CHOICES.has(d.type) ? { options: options(d) } : {}),
    ...(d.type === 'consent' ? { consentText: d.consentText } : {}),
    ...(d.ticketTypeIds.length ? { ticketTypeIds: d.ticketTypeIds } : {}),
  };
}
/** What the preview shows: the drafts as typed (a question without an id yet previews under its React key). */
const previewField = (d: Draft): FormField => ({
  _id: d.key,
  label: d.label.trim(),
  type: d.type,
  required: d.required,
  ...(CHOICES.has(d.type) ? { options: [...new Set(options(d))] } : {}),
  ...(d.type === 'consent' ? { consentText: d.consentText.trim() } : {}),
  ...(d.ticketTypeIds.length ? { ticketTypeIds: d.ticketTypeIds } : {}),
});

function Builder({ eventId, form, ticketTypes, onReload }: { eventId: string; form: RegistrationForm; ticketTypes: { _id: string; name: string }[]; onReload: () => void }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [save, saving] = useSaveRegistrationFormMutation();
  const [drafts, setDrafts] = useState<Draft[]>(() => form.fields.map(fromField));
  const [errors, setErrors] = useState<DraftErrors>({});
  const { stale, staleFrom } = useStaleVersion();
  const [dirty, setDirty] = useState(false);
  const [clientId, setClientId] = useState(newClientId);
  const invalid = useInvalidFocus();
  const typeName = useMemo(() => new Map(ticketTypes.map((tt) => [tt._id, tt.name])), [ticketTypes]);

  const change = (next: Draft[]) => {
    setDrafts(next);
    setDirty(true);
    setClientId(newClientId());
  };
  const patch = (i: number, p: Partial<Draft>) => {
    change(drafts.map((d, j) => (j === i ? { ...d, ...p } : d)));
    setErrors((e) => ({ ...e, [i]: {} }));
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...drafts];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    change(next);
    setErrors({});
  };
  const add = () => {
    change([...drafts, { key: newClientId(), label: '', type: 'text', required: false, optionsText: '', consentText: '', ticketTypeIds: [] }]);
  };

  /** An error of the shared rules or the server, `fields.<i>.<prop>`, shown beside its question. */
  const reject = (path: string, message: string) => {
    const m = /^fields\.(\d+)\.(\w+)/.exec(path);
    if (m) setErrors({ [Number(m[1])]: { [m[2] === 'options' ? 'options' : m[2]]: message } });
    else notify(message, 'error');
    invalid.failed();
  };

  const submit = async () => {
    const fields = drafts.map(toInput);
    let n = 0;
    try {
      normalizeFields(fields, ticketTypes.map((tt) => tt._id), () => `new-${n++}`);
    } catch (err) {
      if (err instanceof DomainError) return reject(String(err.details?.field ?? ''), err.messagePublic);
      throw err;
    }
    setErrors({});
    try {
      await save({ eventId, body: { fields, expectedVersion: form.version, clientId } }).unwrap();
      setDirty(false);
      notify(t('sales.settings.formSaved'), 'success');
    } catch (error) {
      if (staleFrom(error)) return;
      const body = apiErrorBody(error);
      const first = body?.errors?.[0];
      if (first) reject(first.path, first.message);
      notifyError(error, t('common.unexpectedError'));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Box
        component="form"
        ref={invalid.ref}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'grid', gap: 2, minWidth: 0 }}
        data-testid="form-builder"
      >
        <StaleAlert message={stale} onReload={onReload} reloadLabel={t('sales.settings.reload')} testId="form-reload" />
        {drafts.length === 0 && <EmptyState title={t('sales.settings.formEmptyTitle')} text={t('sales.settings.formEmpty')} />}
        {drafts.map((d, i) => {
          const err = errors[i] ?? {};
          const id = (what: string) => `field-${i}-${what}`;
          return (
            <Paper key={d.key} variant="outlined" component="fieldset" sx={{ p: { xs: 2, sm: 2.5 }, m: 0, display: 'grid', gap: 2, minWidth: 0 }} data-testid="form-field">
              <Box component="legend" sx={{ px: 0.5, fontWeight: 700 }}>
                {t('sales.settings.fieldN', { n: i + 1 })}
              </Box>
              <TextField id={id('label')} label={t('sales.settings.fieldLabel')} required value={d.label} onChange={(e) => patch(i, { label: e.target.value })} error={!!err.label} helperText={err.label} fullWidth />
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: ticketTypes.length > 0 ? '1fr 1fr' : '1fr' } }}>
                <TextField id={id('type')} select label={t('sales.settings.fieldType')} value={d.type} onChange={(e) => patch(i, { type: e.target.value as FormFieldType })} fullWidth>
                  {FORM_FIELD_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {t(`sales.settings.type_${type}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {ticketTypes.length > 0 && (
                  <TextField
                    id={id('ticketTypes')}
                    select
                    label={t('sales.settings.ticketTypes')}
                    value={d.ticketTypeIds}
                    onChange={(e) => {
                      const v = e.target.value as unknown;
                      patch(i, { ticketTypeIds: typeof v === 'string' ? v.split(',') : (v as string[]) });
                    }}
                    error={!!err.ticketTypeIds}
                    helperText={err.ticketTypeIds}
                    fullWidth
                    slotProps={{
                      select: {
                        multiple: true,
                        displayEmpty: true,
                        renderValue: (v) => {
                          const ids = v as string[];
                          return ids.length ? ids.map((x) => typeName.get(x) ?? t('sales.settings.deletedTicketType')).join(', ') : t('sales.settings.allTicketTypes');
                        },
                      },
                      inputLabel: { shrink: true },
                    }}
                  >
                    {ticketTypes.map((tt) => (
                      <MenuItem key={tt._id} value={tt._id}>
                        {tt.name}
                      </MenuItem>
                    ))}
                    {/* A type deleted since the form was saved stays listed, so that it can be taken off. */}
                    {d.ticketTypeIds
                      .filter((x) => !typeName.has(x))
                      .map((x) => (
                        <MenuItem key={x} value={x}>
                          {t('sales.settings.deletedTicketType')}
                        </MenuItem>
                      ))}
                  </TextField>
                )}
              </Box>
              {CHOICES.has(d.type) && (
                <TextField
                  id={id('options')}
                  label={t('sales.settings.options')}
                  required
                  multiline
                  minRows={3}
                  value={d.optionsText}
                  onChange={(e) => patch(i, { optionsText: e.target.value })}
                  error={!!err.options}
                  helperText={err.options ?? t('sales.settings.optionsHelp')}
                  fullWidth
                />
              )}
              {d.type === 'consent' && (
                <TextField
                  id={id('consentText')}
                  label={t('sales.settings.consentText')}
                  required
                  multiline
                  minRows={2}
                  value={d.consentText}
                  onChange={(e) => patch(i, { consentText: e.target.value })}
                  error={!!err.consentText}
                  helperText={err.consentText ?? t('sales.settings.consentHelp')}
                  fullWidth
                />
              )}
              {d.type === 'document' && (
                <Typography variant="body2" color="text.secondary">
                  {t('sales.settings.documentHelp')}
                </Typography>
              )}
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <FormControlLabel
                  control={<Switch checked={d.required} onChange={(e) => patch(i, { required: e.target.checked })} data-testid={id('required')} />}
                  label={d.type === 'consent' ? t('sales.settings.consentRequired') : t('sales.settings.required')}
                />
                <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
                  <Tooltip title={t('sales.settings.moveUp')}>
                    <span>
                      <IconButton aria-label={t('sales.settings.moveUpN', { n: i + 1 })} disabled={i === 0} onClick={() => move(i, -1)} data-testid={id('up')}>
                        <ArrowUpwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('sales.settings.moveDown')}>
                    <span>
                      <IconButton aria-label={t('sales.settings.moveDownN', { n: i + 1 })} disabled={i === drafts.length - 1} onClick={() => move(i, 1)} data-testid={id('down')}>
                        <ArrowDownwardIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('sales.settings.remove')}>
                    <IconButton
                      aria-label={t('sales.settings.removeN', { n: i + 1 })}
                      onClick={() => {
                        change(drafts.filter((_, j) => j !== i));
                        setErrors({});
                      }}
                      data-testid={id('remove')}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Box>
            </Paper>
          );
        })}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button startIcon={<AddIcon />} onClick={add} data-testid="form-add">
            {t('sales.settings.addField')}
          </Button>
          <Box sx={{ flex: 1 }} />
          {dirty && (
            <Typography variant="body2" color="text.secondary">
              {t('sales.settings.unsaved')}
            </Typography>
          )}
          <Button type="submit" variant="contained" disabled={saving.isLoading} data-testid="form-save">
            {saving.isLoading ? t('common.saving') : t('common.save')}
          </Button>
        </Box>
      </Box>
      <FormPreview fields={drafts.map(previewField)} ticketTypes={ticketTypes} />
    </Box>
  );
}

/** Store › Gestionar › Formulario: the registration form each attendee fills in at checkout and at the desk. */
export default function FormBuilderPage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const form = useRegistrationFormQuery(eventId!, { skip: !eventId });
  const info = useEventInformationQuery(eventId!, { skip: !eventId });
  const error = form.error ?? info.error;
  if (error) return <ErrorView {...describeError(error)} />;
  if (!form.data || !info.data) return <LinearProgress aria-label={t('common.loading')} />;
  const ticketTypes = info.data.ticketTypes.map((tt) => ({ _id: tt._id, name: tt.name }));
  return (
    <Box>
      <PageHeader title={t('sales.settings.formTitle')} subtitle={t('sales.settings.formSubtitle')} />
      <Builder key={`${eventId}:${form.data.version}`} eventId={eventId!} form={form.data} ticketTypes={ticketTypes} onReload={() => void form.refetch()} />
    </Box>
  );
}
