import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CompanyDto, ContactDto, CustomField, FieldValue, RecordEntity } from '@contracts/contacts';
import { useState, type ChangeEvent } from 'react';
import { apiErrorMessage } from '../../app/api';
import { newClientId } from '../../app/clientId';
import { FormDialogActions } from '../../components/FormDialogActions';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import { useCreateRecordMutation, useRecordsQuery, useUpdateRecordMutation, type ContactBody } from './api';

type Channel = 'email' | 'whatsapp';
type ConsentForm = { status: '' | 'granted' | 'withdrawn'; source: string };

interface Form {
  name: string;
  email: string;
  phone: string;
  website: string;
  companyId: string;
  consent: Record<Channel, ConsentForm>;
  fields: Record<string, string | string[]>;
}

const toForm = (fields: CustomField[], record: ContactDto | CompanyDto | null): Form => {
  const contact = record && 'email' in record ? record : null;
  const company = record && 'website' in record ? record : null;
  return {
    name: record?.name ?? '',
    email: contact?.email ?? '',
    phone: record?.phone ?? '',
    website: company?.website ?? '',
    companyId: contact?.companyId ?? '',
    consent: {
      email: { status: contact?.consent.email?.status ?? '', source: contact?.consent.email?.source ?? '' },
      whatsapp: { status: contact?.consent.whatsapp?.status ?? '', source: contact?.consent.whatsapp?.source ?? '' },
    },
    fields: Object.fromEntries(
      fields.map((f) => {
        const v = record?.fields[f.key];
        return [f.key, f.type === 'multiChoice' ? (Array.isArray(v) ? v : []) : v === undefined ? '' : String(v)];
      }),
    ),
  };
};

function fieldValue(f: CustomField, v: string | string[] | undefined): FieldValue | null {
  if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return null;
  if (f.type === 'number' && typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return v;
}

/** Create or edit dialog of a contact or a company, with the organizer's custom fields. */
export function RecordDialog({ client, entity, fields, record, onClose }: { client: string; entity: RecordEntity; fields: CustomField[]; record: ContactDto | CompanyDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [create, createState] = useCreateRecordMutation();
  const [update, updateState] = useUpdateRecordMutation();
  const companies = useRecordsQuery({ client, entity: 'company', q: { page: 0, pageSize: 100, sortField: 'name', sortOrder: 'asc' } }, { skip: entity !== 'contact' });
  const busy = createState.isLoading || updateState.isLoading;
  // One client id per dialog: a retried create never makes a second record.
  const [clientId] = useState(newClientId);
  const [form, setForm] = useState<Form>(() => toForm(fields, record));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const contact = entity === 'contact';

  const set = (k: 'name' | 'email' | 'phone' | 'website' | 'companyId', v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const setField = (key: string, v: string | string[]) => {
    setForm((f) => ({ ...f, fields: { ...f.fields, [key]: v } }));
    setErrors((e) => ({ ...e, [`fields.${key}`]: undefined }));
  };
  const setConsent = (ch: Channel, part: Partial<ConsentForm>) => setForm((f) => ({ ...f, consent: { ...f.consent, [ch]: { ...f.consent[ch], ...part } } }));
  const text = (k: 'name' | 'email' | 'phone' | 'website') => ({
    id: `record-${k}`,
    value: form[k],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(k, e.target.value),
    error: !!errors[k],
    helperText: errors[k],
  });

  const submit = async () => {
    const errs: Record<string, string> = {};
    if (!form.name.trim()) errs.name = t('contacts.form.nameRequired');
    for (const f of fields) {
      const v = form.fields[f.key];
      if (f.required && (v === '' || (Array.isArray(v) && v.length === 0))) errs[`fields.${f.key}`] = t('contacts.form.required');
    }
    for (const ch of ['email', 'whatsapp'] as const) if (form.consent[ch].status && !form.consent[ch].source.trim()) errs[`consent.${ch}`] = t('contacts.form.sourceRequired');
    if (Object.keys(errs).length) {
      setErrors(errs);
      return;
    }
    const body: ContactBody = {
      name: form.name.trim(),
      email: contact ? form.email.trim() || null : null,
      phone: form.phone.trim() || null,
      fields: Object.fromEntries(fields.map((f) => [f.key, fieldValue(f, form.fields[f.key])])),
    };
    if (contact) {
      body.companyId = form.companyId || null;
      body.consent = Object.fromEntries((['email', 'whatsapp'] as const).map((ch) => [ch, form.consent[ch].status ? { status: form.consent[ch].status as 'granted' | 'withdrawn', source: form.consent[ch].source.trim() } : null]));
    } else {
      delete (body as Partial<ContactBody>).email;
      body.website = form.website.trim() || null;
    }
    setFailure(null);
    try {
      if (record) await update({ client, entity, id: record._id, body: { ...body, expectedVersion: record.version } }).unwrap();
      else await create({ client, entity, body: { ...body, clientId } }).unwrap();
      notify(t(record ? 'contacts.form.updated' : 'contacts.form.created'), 'success');
      onClose();
    } catch (error) {
      const data = (error as { data?: { errors?: { path: string; message: string }[] } }).data;
      if (data?.errors?.length) setErrors(Object.fromEntries(data.errors.map((e) => [e.path, e.message])));
      setFailure(apiErrorMessage(error, t('contacts.form.saveFailed')));
    }
  };

  const title = t(`contacts.form.${record ? 'edit' : 'new'}_${entity}`);
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="record-dialog-title">
      <DialogTitle id="record-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="record-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}
        >
          <TextField {...text('name')} label={t('contacts.field.name')} required autoFocus sx={{ gridColumn: '1 / -1' }} slotProps={{ htmlInput: { maxLength: 160, 'data-testid': 'record-name' } }} />
          {contact && <TextField {...text('email')} label={t('contacts.field.email')} type="email" slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'record-email' } }} />}
          {!contact && <TextField {...text('website')} label={t('contacts.field.website')} slotProps={{ htmlInput: { maxLength: 300 } }} />}
          <TextField {...text('phone')} label={t('contacts.field.phone')} helperText={errors.phone ?? t('contacts.form.phoneHelp')} slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'record-phone' } }} />
          {contact && (
            <TextField id="record-company" select label={t('contacts.field.companyId')} value={form.companyId} onChange={(e) => set('companyId', e.target.value)} error={!!errors.companyId} helperText={errors.companyId} sx={{ gridColumn: '1 / -1' }}>
              <MenuItem value="">{t('contacts.form.noCompany')}</MenuItem>
              {(companies.data?.rows ?? []).map((c) => (
                <MenuItem key={c._id} value={c._id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {contact &&
            (['email', 'whatsapp'] as const).map((ch) => (
              <Box key={ch} sx={{ display: 'contents' }}>
                <TextField id={`record-consent-${ch}`} select label={t(`contacts.field.consent_${ch}`)} value={form.consent[ch].status} onChange={(e) => setConsent(ch, { status: e.target.value as ConsentForm['status'] })}>
                  <MenuItem value="">{t('contacts.consent.none')}</MenuItem>
                  <MenuItem value="granted">{t('contacts.consent.granted')}</MenuItem>
                  <MenuItem value="withdrawn">{t('contacts.consent.withdrawn')}</MenuItem>
                </TextField>
                <TextField
                  id={`record-consent-${ch}-source`}
                  label={t('contacts.form.consentSource')}
                  value={form.consent[ch].source}
                  disabled={!form.consent[ch].status}
                  onChange={(e) => setConsent(ch, { source: e.target.value })}
                  error={!!errors[`consent.${ch}`]}
                  helperText={errors[`consent.${ch}`] ?? t('contacts.form.consentSourceHelp')}
                  slotProps={{ htmlInput: { maxLength: 120 } }}
                />
              </Box>
            ))}
          {fields.length > 0 && (
            <Typography component="h3" variant="subtitle2" sx={{ gridColumn: '1 / -1', mt: 1 }}>
              {t('contacts.form.customFields')}
            </Typography>
          )}
          {fields.map((f) => {
            const id = `record-field-${f.key}`;
            const err = errors[`fields.${f.key}`];
            const common = { id, label: f.label, required: f.required, error: !!err, helperText: err };
            const v = form.fields[f.key];
            if (f.type === 'choice' || f.type === 'multiChoice') {
              const multiple = f.type === 'multiChoice';
              return (
                <TextField
                  key={f.key}
                  {...common}
                  select
                  value={v ?? (multiple ? [] : '')}
                  onChange={(e) => setField(f.key, e.target.value as string | string[])}
                  slotProps={{ select: { multiple, inputProps: { 'data-testid': id } } }}
                >
                  {!multiple && <MenuItem value="">{t('contacts.form.noValue')}</MenuItem>}
                  {f.options.map((o) => (
                    <MenuItem key={o} value={o}>
                      {o}
                    </MenuItem>
                  ))}
                </TextField>
              );
            }
            return (
              <TextField
                key={f.key}
                {...common}
                type={f.type === 'number' ? 'number' : f.type === 'date' ? 'date' : 'text'}
                value={v ?? ''}
                onChange={(e) => setField(f.key, e.target.value)}
                slotProps={{ inputLabel: f.type === 'date' ? { shrink: true } : undefined, htmlInput: { 'data-testid': id, maxLength: 500 } }}
              />
            );
          })}
          {failure && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {failure}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <FormDialogActions onCancel={onClose} form="record-form" busy={busy} submitLabel={busy ? t('contacts.form.saving') : t('contacts.form.save')} submitTestId="record-save" />
    </Dialog>
  );
}
