import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { joinWaitlistRequest } from '@contracts/sales-codes';
import { useState } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { useTranslation } from '../../../i18n';
import { useCurrentUser } from '../../accounts/api';
import { useJoinWaitlistMutation } from './api';

/**
 * The waiting list of a sold-out ticket type, for the public event page: a group (quantity), a name and an
 * e-mail. When seats that fit the whole group are freed, the first entry gets them held and a purchase link by
 * e-mail. Collapsed to one button until asked for.
 */
export function WaitlistForm({ eventCode, ticketTypeId, ticketTypeName, maxPerOrder }: { eventCode: string; ticketTypeId: string; ticketTypeName?: string; maxPerOrder?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const user = useCurrentUser();
  // A signed-in visitor starts from their own name and e-mail.
  const [form, setForm] = useState(() => ({ name: user?.displayName ?? '', email: user?.email ?? '', quantity: '1' }));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  // One client id per form: a double submit joins once.
  const [clientId] = useState(newClientId);
  const [join, state] = useJoinWaitlistMutation();
  const idBase = `waitlist-${ticketTypeId}`;

  if (state.data) {
    return (
      <Alert severity="success" data-testid="waitlist-joined">
        {t('sales.codes.waitlist.joined', { position: state.data.data.position, name: state.data.data.ticketTypeName })}
      </Alert>
    );
  }
  if (!open) {
    return (
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} data-testid="waitlist-open" aria-label={t('sales.codes.waitlist.openFor', { name: ticketTypeName ?? '' })}>
        {t('sales.codes.waitlist.open')}
      </Button>
    );
  }
  const submit = async () => {
    const parsed = joinWaitlistRequest.safeParse({ clientId, ticketTypeId, name: form.name, email: form.email, quantity: Number(form.quantity) });
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const issue of parsed.error.issues) errs[String(issue.path[0])] ??= issue.message;
      setErrors(errs);
      return;
    }
    if (maxPerOrder && parsed.data.quantity > maxPerOrder) {
      setErrors({ quantity: t('sales.codes.waitlist.overMax', { max: maxPerOrder }) });
      return;
    }
    try {
      await join({ eventCode, body: parsed.data }).unwrap();
    } catch {
      /* shown below */
    }
  };
  const bind = (name: keyof typeof form) => ({
    id: `${idBase}-${name}`,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      setErrors((er) => ({ ...er, [name]: undefined }));
    },
    error: !!errors[name],
    helperText: errors[name],
    size: 'small' as const,
  });
  return (
    <Box
      component="form"
      noValidate
      aria-label={t('sales.codes.waitlist.formLabel', { name: ticketTypeName ?? '' })}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 1.25, mt: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('sales.codes.waitlist.intro')}
      </Typography>
      <TextField {...bind('name')} label={t('sales.codes.waitlist.name')} required autoComplete="name" slotProps={{ htmlInput: { 'data-testid': 'waitlist-name', maxLength: 120 } }} />
      <TextField {...bind('email')} label={t('sales.codes.waitlist.email')} type="email" required autoComplete="email" slotProps={{ htmlInput: { 'data-testid': 'waitlist-email', maxLength: 254 } }} />
      <TextField
        {...bind('quantity')}
        label={t('sales.codes.waitlist.quantity')}
        type="number"
        required
        helperText={errors.quantity ?? t('sales.codes.waitlist.quantityHelp')}
        slotProps={{ htmlInput: { min: 1, max: maxPerOrder ?? 50, 'data-testid': 'waitlist-quantity' } }}
      />
      {state.error && <Alert severity="error">{apiErrorMessage(state.error, t('sales.codes.waitlist.failed'))}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={() => setOpen(false)} disabled={state.isLoading}>
          {t('sales.codes.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={state.isLoading} data-testid="waitlist-submit">
          {state.isLoading ? t('sales.codes.sending') : t('sales.codes.waitlist.submit')}
        </Button>
      </Box>
    </Box>
  );
}

export default WaitlistForm;
