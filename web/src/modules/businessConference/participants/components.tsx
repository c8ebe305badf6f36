import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldDef } from '@contracts/businessConference-rounds';
import {
  checkCustomFields,
  companySchema,
  productSchema,
  type CompanyCardDto,
  type CustomFieldDef,
  type ParticipantDto,
  type ProductInput,
} from '@contracts/businessConference-participants';
import { lazy, Suspense, useId, useRef, type ReactNode } from 'react';
import { apiErrorBody, apiErrorMessage } from '../../../app/api';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useBcpUploadImageMutation } from './api';

const RequestMeetingButton = lazy(() => import('../meetings/RequestMeetingButton'));

const P = 'businessConference.participants';

/** The profile a participant fills in (registration, company profile pages). */
export interface ProfileValues {
  company: { name: string; ruc: string; sector: string; logoUrl: string | null; description: string };
  contactName: string;
  phone: string;
  fields: Record<string, unknown>;
}
export type Errors = Record<string, string | undefined>;

export const emptyProfile = (contactName = ''): ProfileValues => ({
  company: { name: '', ruc: '', sector: '', logoUrl: null, description: '' },
  contactName,
  phone: '',
  fields: {},
});

export const profileOf = (p: ParticipantDto): ProfileValues => ({ company: { ...p.company }, contactName: p.contactName, phone: p.phone ?? '', fields: { ...p.fields } });

export const emptyProduct = (): ProductInput => ({ name: '', description: '', sector: '', imageUrl: null });

/** The server's field errors ({ path, message }[]) as a map by path. */
export function serverErrors(error: unknown): Errors {
  return Object.fromEntries((apiErrorBody(error)?.errors ?? []).map((e) => [e.path, e.message]));
}

/** The same rules the server applies (contracts), so most mistakes are shown before sending. */
export function checkProfile(v: ProfileValues, defs: readonly CustomFieldDef[], requiredText: string): Errors {
  const errors: Errors = {};
  const company = companySchema.safeParse(v.company);
  if (!company.success) for (const i of company.error.issues) errors[`company.${i.path.join('.')}`] ??= i.message;
  if (!v.contactName.trim()) errors.contactName = requiredText;
  if (v.phone.trim() && !/^\+?[0-9 ()-]{6,20}$/.test(v.phone.trim())) errors.phone = 'Teléfono no válido.';
  for (const e of checkCustomFields(defs, v.fields).errors) errors[e.path] = e.message;
  return errors;
}

export function checkProduct(v: ProductInput, prefix = ''): Errors {
  const errors: Errors = {};
  const r = productSchema.safeParse(v);
  if (!r.success) for (const i of r.error.issues) errors[`${prefix}${i.path.join('.')}`] ??= i.message;
  return errors;
}

export const hasErrors = (e: Errors) => Object.values(e).some(Boolean);

/** The body the API takes for a profile (phone empty: none). */
export const profileBody = (v: ProfileValues) => ({ company: v.company, contactName: v.contactName, phone: v.phone.trim() ? v.phone.trim() : null, fields: v.fields });

/** Uploads a logo or product image (JPEG, PNG, WebP up to 2 MB) and shows it; the stored URL goes into the form. */
export function ImageUpload({ label, value, onChange, testId }: { label: string; value: string | null; onChange: (url: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  const { notifyError } = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [upload, { isLoading }] = useBcpUploadImageMutation();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    try {
      onChange((await upload(file).unwrap()).data.url);
    } catch (err) {
      notifyError(err, t(`${P}.uploadFailed`));
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Avatar variant="rounded" src={value ?? undefined} alt={value ? label : undefined} sx={{ width: 64, height: 64, bgcolor: 'grey.100', color: 'text.secondary' }}>
        <BusinessIcon />
      </Avatar>
      <input ref={input} id={id} type="file" accept="image/jpeg,image/png,image/webp" hidden data-testid={testId} onChange={(e) => void pick(e.target.files?.[0])} aria-label={label} />
      <Button variant="outlined" startIcon={<AddPhotoIcon />} onClick={() => input.current?.click()} disabled={isLoading}>
        {isLoading ? t(`${P}.uploading`) : value ? t(`${P}.changeImage`, { what: label }) : t(`${P}.uploadImage`, { what: label })}
      </Button>
      {value && (
        <Button onClick={() => onChange(null)} color="inherit">
          {t(`${P}.removeImage`)}
        </Button>
      )}
    </Box>
  );
}

/** One custom field of the round, as the participant answers it. */
export function CustomFieldInput({ def, value, error, onChange }: { def: FieldDef | CustomFieldDef; value: unknown; error?: string; onChange: (v: unknown) => void }) {
  const id = `field-${def.key}`;
  const common = { id, label: def.label, required: def.required, error: !!error, helperText: error, fullWidth: true, slotProps: { htmlInput: { 'data-testid': id } } };
  switch (def.kind) {
    case 'choice':
      return (
        <TextField {...common} select value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} slotProps={{ htmlInput: { 'data-testid': id } }}>
          {def.options.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'multiChoice': {
      const list = Array.isArray(value) ? (value as string[]) : [];
      return (
        <FormControl error={!!error} required={def.required} component="fieldset" sx={{ gridColumn: '1 / -1' }}>
          <FormLabel component="legend">{def.label}</FormLabel>
          <FormGroup row>
            {def.options.map((o) => (
              <FormControlLabel
                key={o}
                control={<Checkbox checked={list.includes(o)} onChange={(e) => onChange(e.target.checked ? [...list, o] : list.filter((x) => x !== o))} />}
                label={o}
              />
            ))}
          </FormGroup>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      );
    }
    case 'number':
      return <TextField {...common} type="number" value={value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))} />;
    case 'date':
      return <TextField {...common} type="date" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': id } }} />;
    default:
      return <TextField {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} />;
  }
}

/** Company, contact and the round's custom fields: the registration form and the company profile pages. */
export function ProfileFields({
  values,
  onChange,
  errors,
  defs,
  email,
}: {
  values: ProfileValues;
  onChange: (v: ProfileValues, touched: string) => void;
  errors: Errors;
  defs: readonly (FieldDef | CustomFieldDef)[];
  email?: string;
}) {
  const { t } = useTranslation();
  const company = (k: keyof ProfileValues['company'], v: string | null) => onChange({ ...values, company: { ...values.company, [k]: v } }, `company.${k}`);
  const text = (k: 'name' | 'ruc' | 'sector' | 'description', label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`company-${k}`}
      label={label}
      value={values.company[k]}
      onChange={(e) => company(k, e.target.value)}
      error={!!errors[`company.${k}`]}
      helperText={errors[`company.${k}`]}
      fullWidth
      {...extra}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Typography component="h2" sx={{ fontWeight: 700, gridColumn: '1 / -1' }}>
        {t(`${P}.companySection`)}
      </Typography>
      {text('name', t(`${P}.companyName`), { required: true, autoComplete: 'organization' })}
      {text('ruc', t(`${P}.ruc`), { required: true, slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 11 } } })}
      {text('sector', t(`${P}.sector`), { required: true })}
      <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
        <ImageUpload label={t(`${P}.logo`)} value={values.company.logoUrl} onChange={(url) => company('logoUrl', url)} testId="company-logo" />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>{text('description', t(`${P}.description`), { multiline: true, minRows: 3 })}</Box>
      <Typography component="h2" sx={{ fontWeight: 700, gridColumn: '1 / -1', mt: 1 }}>
        {t(`${P}.contactSection`)}
      </Typography>
      <TextField
        id="contact-name"
        label={t(`${P}.contactName`)}
        required
        autoComplete="name"
        value={values.contactName}
        onChange={(e) => onChange({ ...values, contactName: e.target.value }, 'contactName')}
        error={!!errors.contactName}
        helperText={errors.contactName}
      />
      <TextField
        id="contact-phone"
        label={t(`${P}.phone`)}
        type="tel"
        autoComplete="tel"
        value={values.phone}
        onChange={(e) => onChange({ ...values, phone: e.target.value }, 'phone')}
        error={!!errors.phone}
        helperText={errors.phone}
      />
      {email && <TextField id="contact-email" label={t(`${P}.email`)} value={email} helperText={t(`${P}.emailHelp`)} slotProps={{ input: { readOnly: true } }} />}
      {defs.length > 0 && (
        <Typography component="h2" sx={{ fontWeight: 700, gridColumn: '1 / -1', mt: 1 }}>
          {t(`${P}.fieldsSection`)}
        </Typography>
      )}
      {defs.map((d) => (
        <CustomFieldInput key={d.key} def={d} value={values.fields[d.key]} error={errors[`fields.${d.key}`]} onChange={(v) => onChange({ ...values, fields: { ...values.fields, [d.key]: v } }, `fields.${d.key}`)} />
      ))}
    </Box>
  );
}

/** A product's name, sector, description and image. */
export function ProductFields({ value, onChange, errors, prefix }: { value: ProductInput; onChange: (v: ProductInput) => void; errors: Errors; prefix: string }) {
  const { t } = useTranslation();
  const set = (k: keyof ProductInput, v: string | null) => onChange({ ...value, [k]: v });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField id={`${prefix}name`} label={t(`${P}.productName`)} required value={value.name} onChange={(e) => set('name', e.target.value)} error={!!errors[`${prefix}name`]} helperText={errors[`${prefix}name`]} />
      <TextField id={`${prefix}sector`} label={t(`${P}.sector`)} required value={value.sector} onChange={(e) => set('sector', e.target.value)} error={!!errors[`${prefix}sector`]} helperText={errors[`${prefix}sector`]} />
      <TextField
        id={`${prefix}description`}
        label={t(`${P}.description`)}
        multiline
        minRows={2}
        value={value.description}
        onChange={(e) => set('description', e.target.value)}
        error={!!errors[`${prefix}description`]}
        helperText={errors[`${prefix}description`]}
        sx={{ gridColumn: '1 / -1' }}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ImageUpload label={t(`${P}.productImage`)} value={value.imageUrl} onChange={(url) => set('imageUrl', url)} testId={`${prefix}image`} />
      </Box>
    </Box>
  );
}

/** The answers to the round's fields, as label: value lines. */
export function FieldValues({ defs, values }: { defs: readonly (FieldDef | CustomFieldDef)[]; values: Record<string, unknown> }) {
  const shown = defs.filter((d) => values[d.key] !== undefined && values[d.key] !== '' && values[d.key] !== null);
  if (!shown.length) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}>
      {shown.map((d) => (
        <Box key={d.key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {d.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {Array.isArray(values[d.key]) ? (values[d.key] as string[]).join(', ') : String(values[d.key])}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A company of the round (catalogue, participants list), with "Solicitar reunión" when the viewer may request. */
export function CompanyCard({ card, roundId, canRequest, defs, children }: { card: CompanyCardDto; roundId: string; canRequest: boolean; defs: readonly (FieldDef | CustomFieldDef)[]; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} data-testid={`company-card-${card.participantId}`}>
      <CardContent sx={{ display: 'grid', gap: 1, flex: 1 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
          <Avatar variant="rounded" src={card.company.logoUrl ?? undefined} alt="" sx={{ width: 48, height: 48, bgcolor: 'grey.100', color: 'text.secondary' }}>
            <BusinessIcon />
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {card.company.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {card.company.sector} · {t(`${P}.productCount`, { count: card.productCount })}
            </Typography>
          </Box>
        </Box>
        {card.company.description && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {card.company.description}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t(`${P}.contact`, { name: card.contactName })}
        </Typography>
        <FieldValues defs={defs} values={card.fields} />
        {children}
      </CardContent>
      {canRequest && (
        <CardActions>
          <Suspense fallback={null}>
            <RequestMeetingButton roundId={roundId} counterpartId={card.participantId} />
          </Suspense>
        </CardActions>
      )}
    </Card>
  );
}

export function StatusChip({ status }: { status: ParticipantDto['status'] }) {
  const { t } = useTranslation();
  const color = status === 'approved' ? 'success' : status === 'rejected' ? 'error' : 'warning';
  return <Chip size="small" color={color} label={t(`${P}.status.${status}`)} />;
}

/** The round's product deadline as a date in Spanish ("26 de octubre de 2026, 18:00"). */
export function deadlineText(iso: string, timeZone = 'America/Lima') {
  return new Intl.DateTimeFormat('es-PE', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));
}

export const errorText = apiErrorMessage;
