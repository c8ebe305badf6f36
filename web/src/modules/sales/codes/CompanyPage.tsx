import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { companyFieldsSchema } from '@contracts/sales-codes';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { apiErrorBody, apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { usePublicEventQuery } from '../../events/api';
import { useAvailabilityQuery } from '../checkout/api';
import { EventLine } from '../checkout/components';
import { moneyMinor } from '../checkout/format';
import { useRegisterCompanyMutation } from './api';

type Fields = { ruc: string; businessName: string; contactName: string; email: string; phone: string };
const EMPTY: Fields = { ruc: '', businessName: '', contactName: '', email: '', phone: '' };

/**
 * /{eventCode}/register/company: a company (RUC checked with its check digit) reserves several tickets in one
 * order; the contact holds them until the attendees are named, ticket by ticket, after the purchase.
 */
export function Component() {
  const { t } = useTranslation();
  const eventCode = useParams().eventCode ?? '';
  const { data: event, error, isLoading } = usePublicEventQuery(eventCode, { skip: !eventCode });
  // Seats left per type (the quota), so a sold-out type is shown as such and a quantity never exceeds what is left.
  const { data: availability } = useAvailabilityQuery(eventCode, { skip: !eventCode });
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [register, state] = useRegisterCompanyMutation();
  // One client id per form: a double submit reserves once.
  const [clientId] = useState(newClientId);
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !event) return <LinearProgress aria-label={t('sales.codes.loading')} />;
  const types = (availability?.onSale ? availability.ticketTypes : []).filter((x) => x.saleStatus === 'onSale');
  const currency = event.data.currency;
  const lines = types.map((x) => ({ ticketTypeId: x._id, quantity: quantities[x._id] ?? 0 })).filter((l) => l.quantity > 0);
  const total = types.reduce((s, x) => s + x.unitPrice * (quantities[x._id] ?? 0), 0);

  const bind = (k: keyof Fields, autoComplete: string) => ({
    id: `company-${k}`,
    value: fields[k],
    autoComplete,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setFields((f) => ({ ...f, [k]: e.target.value }));
      setErrors((er) => ({ ...er, [k]: undefined }));
    },
    error: !!errors[k],
    helperText: errors[k],
    slotProps: { htmlInput: { 'data-testid': `company-${k}` } },
  });

  const submit = async () => {
    const parsed = companyFieldsSchema.safeParse(fields);
    const errs: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) errs[String(i.path[0])] ??= i.message;
    if (lines.length === 0) errs.lines = t('sales.codes.companyNoTickets');
    if (!parsed.success || Object.keys(errs).length) return setErrors(errs);
    try {
      await register({ eventCode: event.data.eventCode, body: { ...parsed.data, clientId, lines } }).unwrap();
    } catch (err) {
      const body = apiErrorBody(err);
      setErrors(Object.fromEntries((body?.errors ?? []).map((e) => [e.path, e.message])));
    }
  };

  if (state.data) {
    const order = state.data.order;
    const paid = order.status === 'paid';
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 3, md: 4 } }}>
        <Alert severity="success" data-testid="company-done">
          <AlertTitle>{t('sales.codes.companyDoneTitle')}</AlertTitle>
          {paid ? t('sales.codes.companyDoneFree') : t('sales.codes.companyDonePay', { total: moneyMinor(order.total, order.currency) })}
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('sales.codes.companyNameLater')}
          </Typography>
          <Box sx={{ mt: 1.5 }}>
            <Button component={RouterLink} to={paid ? `/mytickets/${order._id}` : `/reservation/${order._id}`} variant="contained" data-testid="company-next">
              {paid ? t('sales.codes.seeTickets') : t('sales.codes.continueToPay')}
            </Button>
          </Box>
        </Alert>
      </Container>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 1 }}>
        {t('sales.codes.companyTitle')}
      </Typography>
      <Box sx={{ mb: 1 }}>
        <EventLine event={event.data} />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('sales.codes.companyIntro')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Typography component="h2" sx={{ fontWeight: 700, gridColumn: '1 / -1' }}>
            {t('sales.codes.companyData')}
          </Typography>
          <TextField {...bind('ruc', 'off')} label={t('sales.codes.ruc')} required slotProps={{ htmlInput: { 'data-testid': 'company-ruc', inputMode: 'numeric', maxLength: 11 } }} />
          <TextField {...bind('businessName', 'organization')} label={t('sales.codes.businessName')} required />
          <TextField {...bind('contactName', 'name')} label={t('sales.codes.contactName')} required />
          <TextField {...bind('email', 'email')} label={t('sales.codes.email')} type="email" required />
          <TextField {...bind('phone', 'tel')} label={t('sales.codes.phone')} type="tel" required />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Typography component="h2" sx={{ fontWeight: 700 }}>
            {t('sales.codes.companyTickets')}
          </Typography>
          {types.length === 0 && <Alert severity="info">{t('sales.codes.nothingOnSale')}</Alert>}
          {types.map((x) => {
            const q = quantities[x._id] ?? 0;
            const cap = Math.min(x.maxPerOrder, x.remaining);
            const set = (n: number) => {
              setQuantities((s) => ({ ...s, [x._id]: Math.max(0, Math.min(cap, n)) }));
              setErrors((er) => ({ ...er, lines: undefined }));
            };
            return (
              <Box key={x._id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{x.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {x.unitPrice === 0 ? t('sales.codes.free') : moneyMinor(x.unitPrice, currency)} · {x.soldOut ? t('sales.codes.soldOut') : t('sales.codes.perOrder', { min: x.minPerOrder, max: x.maxPerOrder })}
                  </Typography>
                </Box>
                <IconButton aria-label={t('sales.codes.less', { name: x.name })} onClick={() => set(q === x.minPerOrder ? 0 : q - 1)} disabled={q === 0}>
                  <RemoveIcon />
                </IconButton>
                <Typography aria-live="polite" aria-label={t('sales.codes.quantityOf', { name: x.name })} sx={{ minWidth: 24, textAlign: 'center', fontWeight: 700 }} data-testid={`company-qty-${x._id}`}>
                  {q}
                </Typography>
                <IconButton aria-label={t('sales.codes.more', { name: x.name })} onClick={() => set(q === 0 ? x.minPerOrder : q + 1)} disabled={q >= cap || x.soldOut} data-testid={`company-more-${x._id}`}>
                  <AddIcon />
                </IconButton>
              </Box>
            );
          })}
          {errors.lines && <Alert severity="warning">{errors.lines}</Alert>}
        </Paper>
        {state.error && <Alert severity="error">{apiErrorMessage(state.error, t('sales.codes.reserveFailed'))}</Alert>}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {lines.length > 0 && <Typography sx={{ fontWeight: 700 }}>{t('sales.codes.total', { total: total === 0 ? t('sales.codes.free') : moneyMinor(total, currency) })}</Typography>}
          <Button type="submit" variant="contained" size="large" disabled={state.isLoading} data-testid="company-submit">
            {state.isLoading ? t('sales.codes.reserving') : t('sales.codes.companySubmit')}
          </Button>
        </Box>
      </Box>
    </Container>
  );
}
