import LockIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { usePublicEventQuery } from '../../events/api';
import { usePayCulqiMutation, useReservation } from './api';
import { EventLine, OrderError, OrderSummary, useCountdown } from './components';
import { clock, moneyMinor } from './format';

const digits = (v: string) => v.replace(/\D+/g, '');

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** "4111 1111 1111 1111" as typed. */
const groupCard = (v: string) => digits(v).slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
/** "09/30" as typed. */
function formatExpiry(v: string): string {
  const d = digits(v).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** Culqi's answer to a refused tokenisation: its `user_message`, Spanish and meant for the buyer. */
async function culqiError(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { user_message?: unknown };
    return typeof body.user_message === 'string' && body.user_message ? body.user_message : null;
  } catch {
    return null;
  }
}

/**
 * /reservationCulqi/{reservation}: the card form. The browser tokenises the card with the event's PUBLIC key
 * directly at Culqi (`POST {culqiTokensUrl}/v2/tokens`), then sends only the token to the API, which charges it
 * with the secret key: card numbers never reach Aforo. A decline shows Culqi's own `user_message`.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useParams().reservation ?? '';
  const { data: order, error, isLoading } = useReservation(id, { skip: !id });
  const { data: event } = usePublicEventQuery(order?.eventId ?? '', { skip: !order });
  const [payCulqi] = usePayCulqiMutation();
  const left = useCountdown(order?.holdUntil);
  const [card, setCard] = useState({ number: '', expiry: '', cvv: '', email: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [payError, setPayError] = useState<string | null>(null);
  // Covers both steps (token, then charge): the button stays disabled until the outcome is known.
  const [paying, setPaying] = useState(false);
  // A second click before the button re-renders disabled must not tokenise and charge again.
  const inFlight = useRef(false);

  if (!id) return <ErrorView status={404} />;
  if (error) return <OrderError error={error} />;
  if (isLoading || !order) return <LinearProgress aria-label={t('common.loading')} />;

  const email = card.email || order.buyer?.email || '';
  const pk = order.payment.culqiPublicKey;
  const expired = left === 0;
  const payable = order.status === 'reserved' && !expired;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current || !pk) return;
    setPayError(null);
    const number = digits(card.number);
    const [mm, yy] = card.expiry.split('/');
    const month = Number(mm);
    const year = 2000 + Number(yy);
    const errors: Record<string, string> = {};
    if (number.length < 13 || !luhn(number)) errors.number = t('sales.checkout.cardNumberInvalid');
    const endOfMonth = new Date(year, month, 1).getTime();
    if (!(month >= 1 && month <= 12) || !yy || yy.length !== 2 || endOfMonth <= Date.now()) errors.expiry = t('sales.checkout.cardExpiryInvalid');
    if (!/^\d{3,4}$/.test(card.cvv)) errors.cvv = t('sales.checkout.cardCvvInvalid');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.email = t('sales.checkout.invalidEmail');
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;

    inFlight.current = true;
    setPaying(true);
    try {
      let token: string;
      try {
        const res = await fetch(`${order.payment.culqiTokensUrl.replace(/\/+$/, '')}/v2/tokens`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${pk}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ card_number: number, cvv: card.cvv, expiration_month: mm, expiration_year: String(year), email: email.trim() }),
        });
        if (!res.ok) {
          setPayError((await culqiError(res)) ?? t('sales.checkout.cardDeclined'));
          return;
        }
        token = String(((await res.json()) as { id?: unknown }).id ?? '');
      } catch {
        setPayError(t('sales.checkout.cardUnavailable'));
        return;
      }
      try {
        // A token is single-use: each one is its own payment attempt (and its own idempotency key).
        await payCulqi({ id, token, email: email.trim(), clientId: newClientId() }).unwrap();
        setCard({ number: '', expiry: '', cvv: '', email: card.email });
        navigate(`/order/${id}/confirmation`);
      } catch (err) {
        setPayError(apiErrorMessage(err, t('sales.checkout.cardDeclined')));
      }
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 4 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 1 }}>
        {t('sales.checkout.culqiTitle')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <EventLine event={event?.data} />
      </Box>
      <Box sx={{ mb: 2 }}>
        <OrderSummary order={order} />
      </Box>
      {!pk ? (
        <Alert severity="warning">{t('sales.checkout.noCardMethod')}</Alert>
      ) : !payable ? (
        <Alert severity={order.status === 'paid' ? 'success' : 'warning'} data-testid="culqi-state">
          {order.status === 'paid' ? t('sales.checkout.paidTitle') : expired || order.status === 'expired' ? t('sales.checkout.expiredText') : t('sales.checkout.notPayable')}
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to={order.status === 'paid' ? `/order/${id}/confirmation` : `/reservation/${id}`} variant="outlined" size="small">
              {order.status === 'paid' ? t('sales.checkout.seeConfirmation') : t('common.back')}
            </Button>
          </Box>
        </Alert>
      ) : (
        <Paper component="form" variant="outlined" onSubmit={submit} noValidate sx={{ p: 2, display: 'grid', gap: 2 }} data-testid="culqi-form">
          {left !== null && (
            <Typography variant="body2" color={left < 60_000 ? 'warning.dark' : 'text.secondary'} data-testid="countdown">
              {t('sales.checkout.holdLeft', { time: clock(left) })}
            </Typography>
          )}
          <TextField
            label={t('sales.checkout.cardNumber')}
            value={card.number}
            onChange={(e) => setCard({ ...card, number: groupCard(e.target.value) })}
            error={!!fieldErrors.number}
            helperText={fieldErrors.number}
            autoComplete="cc-number"
            id="card-number"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
            required
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
            <TextField
              label={t('sales.checkout.cardExpiry')}
              value={card.expiry}
              onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value) })}
              error={!!fieldErrors.expiry}
              helperText={fieldErrors.expiry}
              autoComplete="cc-exp"
              id="card-expiry"
              placeholder="MM/AA"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
              required
            />
            <TextField
              label={t('sales.checkout.cardCvv')}
              value={card.cvv}
              onChange={(e) => setCard({ ...card, cvv: digits(e.target.value).slice(0, 4) })}
              error={!!fieldErrors.cvv}
              helperText={fieldErrors.cvv}
              autoComplete="cc-csc"
              id="card-cvv"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
              required
            />
          </Box>
          <TextField
            label={t('sales.checkout.cardEmail')}
            type="email"
            value={email}
            onChange={(e) => setCard({ ...card, email: e.target.value })}
            error={!!fieldErrors.email}
            helperText={fieldErrors.email}
            autoComplete="email"
            id="card-email"
            required
          />
          {payError && (
            <Alert severity="error" data-testid="pay-error" role="alert">
              {payError}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" disabled={paying} startIcon={<LockIcon />} data-testid="pay">
            {paying ? t('sales.checkout.paying') : t('sales.checkout.pay', { total: moneyMinor(order.total, order.currency) })}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('sales.checkout.culqiSecure')}
          </Typography>
          <Box>
            <Button component={RouterLink} to={`/reservation/${id}`} size="small">
              {t('common.back')}
            </Button>
          </Box>
        </Paper>
      )}
    </Container>
  );
}
