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
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { moneyMinor } from '../checkout/format';
import { useCodeLinkQuery, useReserveWithCodeMutation } from './api';

/**
 * /validateCode/{code}: a shared code link. `{code}` is the code's public random token (codes are unique per event
 * only, so the token is what names the event). A discount continues to the event's tickets with the code applied;
 * an invitation lets the invited person pick the types it unlocks and reserve them, then fill in the attendees on
 * the invitation page (/e/{eventCode}/invitation/{reservation}).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useParams().code ?? '';
  const { data, error, isLoading } = useCodeLinkQuery(token, { skip: !token });
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reserve, reserving] = useReserveWithCodeMutation();
  // One client id per visit: a double click reserves once.
  const [clientId] = useState(newClientId);
  if (!token) return <ErrorView status={404} />;
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('sales.codes.loading')} />;
  const eventPath = `/e/${encodeURIComponent(data.eventCode)}`;
  const chosen = data.unlocked.map((u) => ({ ticketTypeId: u._id, quantity: quantities[u._id] ?? 0 })).filter((l) => l.quantity > 0);
  const total = data.unlocked.reduce((s, u) => s + u.unitPrice * (quantities[u._id] ?? 0), 0);

  const doReserve = async () => {
    try {
      const r = await reserve({ eventCode: data.eventCode, lines: chosen, clientId, code: data.code }).unwrap();
      navigate(`${eventPath}/invitation/${r.order._id}`);
    } catch {
      /* shown below */
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 4 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 0.5 }}>
        {data.kind === 'invitation' ? t('sales.codes.linkInvitationTitle') : t('sales.codes.linkDiscountTitle')}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: 18, mb: 2, overflowWrap: 'anywhere' }}>{data.eventName}</Typography>
      <Alert severity="success" sx={{ mb: 2 }} data-testid="code-link-summary">
        <AlertTitle>{t('sales.codes.codeWorks', { code: data.code })}</AlertTitle>
        {data.summary}
      </Alert>
      {data.kind === 'discount' || data.unlocked.length === 0 ? (
        <Button variant="contained" onClick={() => navigate(`${eventPath}?code=${encodeURIComponent(data.code)}`)} data-testid="code-link-continue">
          {t('sales.codes.continueToTickets')}
        </Button>
      ) : (
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Typography component="h2" sx={{ fontWeight: 700 }}>
            {t('sales.codes.chooseInvitations')}
          </Typography>
          {data.unlocked.map((u) => {
            const q = quantities[u._id] ?? 0;
            const set = (n: number) => setQuantities((x) => ({ ...x, [u._id]: Math.max(0, Math.min(u.maxPerOrder, n)) }));
            return (
              <Box key={u._id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{u.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {u.unitPrice === 0 ? t('sales.codes.free') : moneyMinor(u.unitPrice, data.currency)} · {t('sales.codes.perOrder', { min: u.minPerOrder, max: u.maxPerOrder })}
                  </Typography>
                </Box>
                <IconButton aria-label={t('sales.codes.less', { name: u.name })} onClick={() => set(q === u.minPerOrder ? 0 : q - 1)} disabled={q === 0}>
                  <RemoveIcon />
                </IconButton>
                <Typography aria-live="polite" aria-label={t('sales.codes.quantityOf', { name: u.name })} sx={{ minWidth: 24, textAlign: 'center', fontWeight: 700 }} data-testid={`invite-qty-${u._id}`}>
                  {q}
                </Typography>
                <IconButton aria-label={t('sales.codes.more', { name: u.name })} onClick={() => set(q === 0 ? u.minPerOrder : q + 1)} disabled={q >= u.maxPerOrder} data-testid={`invite-more-${u._id}`}>
                  <AddIcon />
                </IconButton>
              </Box>
            );
          })}
          {reserving.error && <Alert severity="error">{apiErrorMessage(reserving.error, t('sales.codes.reserveFailed'))}</Alert>}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {chosen.length > 0 && <Typography sx={{ fontWeight: 700 }}>{total === 0 ? t('sales.codes.free') : moneyMinor(total, data.currency)}</Typography>}
            <Button variant="contained" disabled={chosen.length === 0 || reserving.isLoading} onClick={() => void doReserve()} data-testid="invite-reserve">
              {reserving.isLoading ? t('sales.codes.reserving') : t('sales.codes.reserveInvitation')}
            </Button>
          </Box>
        </Paper>
      )}
    </Container>
  );
}
