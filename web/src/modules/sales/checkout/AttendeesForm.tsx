import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormField } from '@contracts/sales-settings';
import { fieldsFor, validateAnswers } from '@contracts/sales-settings-rules';
import type { OrderDto } from '@contracts/sales';
import type { TFunction } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n';
import { FormFieldInput } from '../common/FormFieldInput';
import type { AnswerValue, AttendeeInput, Buyer } from './api';

export interface AttendeesFormState {
  buyer: Required<Buyer>;
  attendees: AttendeeInput[];
}
/** Field errors keyed by path: `buyer.email`, `attendees.0.name`, `attendees.0.answers.<fieldId>` (the API's paths). */
export type FieldErrors = Record<string, string>;

/** One attendee per ticket, in the order of the lines (the order the server issues the tickets in). */
export function emptyForm(order: Pick<OrderDto, 'lines'>, buyer?: Partial<Buyer> | null): AttendeesFormState {
  return {
    buyer: { name: buyer?.name ?? '', email: buyer?.email ?? '', phone: buyer?.phone ?? '' },
    attendees: order.lines.flatMap((l) => Array.from({ length: l.quantity }, () => ({ ticketTypeId: l.ticketTypeId, name: '', email: '', answers: {} }))),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

/**
 * The browser's check before sending: names and e-mails here, the answers by the store settings' own rules
 * (`validateAnswers`, the server's code), so the page refuses what the server would, in the same words.
 */
export function validateForm(state: AttendeesFormState, fields: FormField[], t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  const person = (prefix: string, p: { name: string; email: string }) => {
    if (!p.name.trim()) errors[`${prefix}.name`] = t('common.required');
    if (!p.email.trim()) errors[`${prefix}.email`] = t('common.required');
    else if (!EMAIL.test(p.email.trim())) errors[`${prefix}.email`] = t('sales.checkout.invalidEmail');
  };
  person('buyer', state.buyer);
  if (state.buyer.phone.trim() && !PHONE.test(state.buyer.phone.trim())) errors['buyer.phone'] = t('sales.checkout.invalidPhone');
  state.attendees.forEach((a, i) => {
    person(`attendees.${i}`, a);
    for (const [fieldId, message] of Object.entries(validateAnswers(fields, answersToCheck(fields, a), a.ticketTypeId))) {
      errors[`attendees.${i}.answers.${fieldId}`] = message;
    }
  });
  return errors;
}

/** A document whose number is still empty counts as not answered (the kind alone is only the select's default). */
function answersToCheck(fields: FormField[], a: AttendeeInput): Record<string, AnswerValue> {
  const out = { ...a.answers };
  for (const f of fieldsFor(fields, a.ticketTypeId)) {
    const v = out[f._id];
    if (f.type === 'document' && typeof v === 'string' && !v.split(':')[1]) delete out[f._id];
  }
  return out;
}

/** What is sent: trimmed texts, empty answers left out, no phone when none was given. */
export function formPayload(state: AttendeesFormState, fields: FormField[]): { buyer: Buyer; attendees: AttendeeInput[] } {
  const buyer: Buyer = { name: state.buyer.name.trim(), email: state.buyer.email.trim() };
  if (state.buyer.phone.trim()) buyer.phone = state.buyer.phone.trim();
  return {
    buyer,
    attendees: state.attendees.map((a) => {
      const answers: Record<string, AnswerValue> = {};
      for (const f of fieldsFor(fields, a.ticketTypeId)) {
        const v = answersToCheck(fields, a)[f._id];
        if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
        answers[f._id] = typeof v === 'string' ? v.trim() : v;
      }
      return { ticketTypeId: a.ticketTypeId, name: a.name.trim(), email: a.email.trim(), answers };
    }),
  };
}

/** Buyer and attendee data of a reservation, with the registration form's fields per ticket type. */
export function AttendeesForm({
  order,
  fields,
  value,
  errors,
  onChange,
  disabled,
}: {
  order: Pick<OrderDto, 'lines'>;
  fields: FormField[];
  value: AttendeesFormState;
  errors: FieldErrors;
  onChange: (next: AttendeesFormState) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const typeName = (id: string) => order.lines.find((l) => l.ticketTypeId === id)?.name ?? '';
  const setBuyer = (k: keyof Buyer, v: string) => onChange({ ...value, buyer: { ...value.buyer, [k]: v } });
  const setAttendee = (i: number, patch: Partial<AttendeeInput>) => onChange({ ...value, attendees: value.attendees.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  return (
    <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography component="h2" sx={{ fontWeight: 700 }}>
          {t('sales.checkout.buyerTitle')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label={t('sales.checkout.name')} required value={value.buyer.name} onChange={(e) => setBuyer('name', e.target.value)} error={!!errors['buyer.name']} helperText={errors['buyer.name']} autoComplete="name" id="buyer-name" />
          <TextField
            label={t('sales.checkout.email')}
            required
            type="email"
            value={value.buyer.email}
            onChange={(e) => setBuyer('email', e.target.value)}
            error={!!errors['buyer.email']}
            helperText={errors['buyer.email']}
            autoComplete="email"
            id="buyer-email"
          />
          <TextField label={t('sales.checkout.phone')} type="tel" value={value.buyer.phone} onChange={(e) => setBuyer('phone', e.target.value)} error={!!errors['buyer.phone']} helperText={errors['buyer.phone']} autoComplete="tel" id="buyer-phone" />
        </Box>
      </Paper>
      <Typography component="h2" sx={{ fontWeight: 700, mt: 1 }}>
        {t('sales.checkout.attendeesTitle')}
      </Typography>
      {value.attendees.map((a, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} data-testid="attendee">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h3" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
              {t('sales.checkout.attendeeN', { n: i + 1, type: typeName(a.ticketTypeId) })}
            </Typography>
            <Button size="small" onClick={() => setAttendee(i, { name: value.buyer.name, email: value.buyer.email })}>
              {t('sales.checkout.sameAsBuyer')}
            </Button>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t('sales.checkout.name')}
              required
              value={a.name}
              onChange={(e) => setAttendee(i, { name: e.target.value })}
              error={!!errors[`attendees.${i}.name`]}
              helperText={errors[`attendees.${i}.name`]}
              id={`attendee-${i}-name`}
            />
            <TextField
              label={t('sales.checkout.email')}
              required
              type="email"
              value={a.email}
              onChange={(e) => setAttendee(i, { email: e.target.value })}
              error={!!errors[`attendees.${i}.email`]}
              helperText={errors[`attendees.${i}.email`]}
              id={`attendee-${i}-email`}
            />
          </Box>
          {fieldsFor(fields, a.ticketTypeId).map((f) => (
            <FormFieldInput
              texts="sales.checkout"
              key={f._id}
              id={`attendee-${i}-field-${f._id}`}
              field={f}
              value={a.answers[f._id]}
              error={errors[`attendees.${i}.answers.${f._id}`]}
              onChange={(v) => setAttendee(i, { answers: { ...a.answers, [f._id]: v } })}
            />
          ))}
        </Paper>
      ))}
    </Box>
  );
}
