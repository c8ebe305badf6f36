import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { discountedUnitPrice, type AppliedCodeDto } from '@contracts/sales-codes';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { useTranslation } from '../../../i18n';
import { shortDate } from '../../events/format';
import { WaitlistForm } from '../codes/WaitlistForm';
import { useAvailabilityQuery, useReserveMutation, useValidateCodeMutation } from './api';
import { moneyMinor } from './format';

/** A row the buyer may pick from: a public type, or one an invitation code unlocked. */
interface Row {
  _id: string;
  name: string;
  unitPrice: number;
  minPerOrder: number;
  maxPerOrder: number;
  remaining: number | null;
  soldOut: boolean;
  upcoming: boolean;
  note: string;
}

/** The price of one ticket once the applied code is counted (the server prices the reservation; this shows it). */
function priceWithCode(unitPrice: number, ticketTypeId: string, code: AppliedCodeDto | null): number {
  if (!code || code.kind !== 'discount') return unitPrice;
  if (code.ticketTypeIds.length > 0 && !code.ticketTypeIds.includes(ticketTypeId)) return unitPrice;
  // The server's rounding (half up on the discount), so the total shown is the one reserved.
  return discountedUnitPrice(unitPrice, code);
}

/**
 * The ticket picker of the public event page /e/{eventCode}: quantities per type within min/max per order and the
 * seats left, the sale window, a discount or invitation code, then "Reservar" (signed in or not) and on to
 * /reservation/{id} (free tickets: straight to the confirmation). Sold-out types offer the waiting list.
 */
export default function TicketPicker({ eventCode, timeZone }: { eventCode: string; timeZone: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, isLoading, refetch } = useAvailabilityQuery(eventCode);
  const [reserve, reserving] = useReserveMutation();
  const [validate, validating] = useValidateCodeMutation();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [codeText, setCodeText] = useState('');
  const [code, setCode] = useState<AppliedCodeDto | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [reserveError, setReserveError] = useState<string | null>(null);
  // A code in the link (/e/{eventCode}?code=..., from /{eventCode}/register/cupon or a code's shared link) is applied once.
  const linkedCode = useSearchParams()[0].get('code');
  const linkApplied = useRef(false);
  useEffect(() => {
    if (!linkedCode || linkApplied.current) return;
    linkApplied.current = true;
    setCodeText(linkedCode);
    validate({ eventCode, code: linkedCode })
      .unwrap()
      .then(setCode, (err) => setCodeError(apiErrorMessage(err, t('sales.checkout.codeInvalid'))));
  }, [linkedCode, eventCode, validate, t]);
  // One client id per choice: a retried "Reservar" after a lost answer gets the same order back.
  const clientId = useRef<{ key: string; id: string } | null>(null);

  const currency = data?.currency ?? 'PEN';
  const rows: Row[] = useMemo(() => {
    if (!data) return [];
    const publicRows: Row[] = data.ticketTypes.map((tt) => ({
      _id: tt._id,
      name: tt.name,
      unitPrice: tt.unitPrice,
      minPerOrder: tt.minPerOrder,
      maxPerOrder: tt.maxPerOrder,
      remaining: tt.remaining,
      soldOut: tt.soldOut,
      upcoming: tt.saleStatus === 'upcoming',
      note:
        tt.saleStatus === 'upcoming' && tt.saleStart
          ? t('sales.checkout.saleFrom', { date: shortDate(tt.saleStart, timeZone) })
          : tt.saleEnd
            ? t('sales.checkout.saleUntil', { date: shortDate(tt.saleEnd, timeZone), min: tt.minPerOrder, max: tt.maxPerOrder })
            : t('sales.checkout.perOrder', { min: tt.minPerOrder, max: tt.maxPerOrder }),
    }));
    const unlocked: Row[] = (code?.unlocked ?? [])
      .filter((u) => !publicRows.some((r) => r._id === u._id))
      .map((u) => ({
        _id: u._id,
        name: u.name,
        unitPrice: u.unitPrice,
        minPerOrder: u.minPerOrder,
        maxPerOrder: u.maxPerOrder,
        remaining: null,
        soldOut: false,
        upcoming: false,
        note: t('sales.checkout.unlockedNote', { min: u.minPerOrder, max: u.maxPerOrder }),
      }));
    return [...publicRows, ...unlocked];
  }, [data, code, t, timeZone]);

  if (error) {
    return (
      <Alert severity="info" data-testid="picker-unavailable">
        {apiErrorMessage(error, t('sales.checkout.unavailable'))}
      </Alert>
    );
  }
  if (isLoading || !data) return <Skeleton variant="rounded" height={160} role="progressbar" aria-label={t('common.loading')} />;
  if (!data.onSale || rows.length === 0) {
    return <Typography color="text.secondary">{t('sales.checkout.nothingOnSale')}</Typography>;
  }

  const unlockedIds = new Set((code?.unlocked ?? []).map((u) => u._id));
  // An invitation prices the types it names (free ones at 0), public ones included.
  const invitedPrice = new Map((code?.unlocked ?? []).map((u) => [u._id, u.unitPrice]));
  const unitOf = (r: Row) => invitedPrice.get(r._id) ?? priceWithCode(r.unitPrice, r._id, code);
  const cap = (r: Row) => Math.min(r.maxPerOrder, r.remaining ?? r.maxPerOrder);
  const setQty = (r: Row, next: number) => setQuantities((q) => ({ ...q, [r._id]: next }));
  const inc = (r: Row) => {
    const q = quantities[r._id] ?? 0;
    setQty(r, q === 0 ? Math.max(1, r.minPerOrder) : Math.min(cap(r), q + 1));
  };
  const dec = (r: Row) => {
    const q = quantities[r._id] ?? 0;
    setQty(r, q <= Math.max(1, r.minPerOrder) ? 0 : q - 1);
  };
  const lines = rows.map((r) => ({ ticketTypeId: r._id, quantity: quantities[r._id] ?? 0 })).filter((l) => l.quantity > 0);
  const count = lines.reduce((s, l) => s + l.quantity, 0);
  const total = rows.reduce((s, r) => s + unitOf(r) * (quantities[r._id] ?? 0), 0);

  const applyCode = async () => {
    setCodeError(null);
    const text = codeText.trim();
    if (!text) return;
    try {
      setCode(await validate({ eventCode, code: text }).unwrap());
    } catch (err) {
      setCode(null);
      setCodeError(apiErrorMessage(err, t('sales.checkout.codeInvalid')));
    }
  };
  const removeCode = () => {
    // Types only the code unlocked leave the choice with it.
    setQuantities((q) => Object.fromEntries(Object.entries(q).filter(([id]) => !unlockedIds.has(id))));
    setCode(null);
    setCodeText('');
  };

  const submit = async () => {
    setReserveError(null);
    const key = JSON.stringify([lines, code?.code ?? null]);
    if (clientId.current?.key !== key) clientId.current = { key, id: newClientId() };
    try {
      const r = await reserve({ eventCode, lines, clientId: clientId.current.id, ...(code ? { code: code.code } : {}) }).unwrap();
      // Free tickets are issued at once: straight to the confirmation (attendees can be named from there).
      navigate(r.order.status === 'paid' ? `/order/${r.order._id}/confirmation` : `/reservation/${r.order._id}`);
    } catch (err) {
      setReserveError(apiErrorMessage(err, t('sales.checkout.reserveFailed')));
      // Seats may have gone meanwhile: show what is left now.
      refetch();
    }
  };

  return (
    <Box data-testid="ticket-picker">
      <Paper variant="outlined">
        {rows.map((r, i) => {
          const q = quantities[r._id] ?? 0;
          const unit = unitOf(r);
          const buyable = !r.soldOut && !r.upcoming;
          return (
            <Box key={r._id}>
              {i > 0 && <Divider />}
              <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, p: 2, flexWrap: 'wrap' }} data-testid="public-ticket">
                <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{r.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {r.note}
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 0.75, mt: 0.5, flexWrap: 'wrap' }}>
                    {r.soldOut ? (
                      <Chip size="small" label={t('sales.checkout.soldOut')} data-testid="sold-out" />
                    ) : r.upcoming ? (
                      <Chip size="small" variant="outlined" label={t('sales.checkout.upcoming')} />
                    ) : r.remaining !== null && r.remaining <= 10 ? (
                      <Chip size="small" color="warning" label={t('sales.checkout.remaining', { count: r.remaining })} />
                    ) : null}
                    {unlockedIds.has(r._id) && <Chip size="small" color="secondary" variant="outlined" label={t('sales.checkout.unlocked')} />}
                  </Box>
                </Box>
                <Box sx={{ textAlign: 'right', minWidth: 96 }}>
                  {unit !== r.unitPrice && (
                    <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
                      {moneyMinor(r.unitPrice, currency)}
                    </Typography>
                  )}
                  <Typography sx={{ fontWeight: 800, fontSize: 18 }}>{unit === 0 ? t('sales.checkout.free') : moneyMinor(unit, currency)}</Typography>
                </Box>
                {buyable ? (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} role="group" aria-label={t('sales.checkout.quantityOf', { name: r.name })}>
                    <IconButton size="small" onClick={() => dec(r)} disabled={q === 0} aria-label={t('sales.checkout.less', { name: r.name })}>
                      <RemoveIcon fontSize="small" />
                    </IconButton>
                    <Typography sx={{ minWidth: 28, textAlign: 'center', fontWeight: 700 }} aria-live="polite" data-testid="quantity">
                      {q}
                    </Typography>
                    <IconButton size="small" onClick={() => inc(r)} disabled={q >= cap(r)} aria-label={t('sales.checkout.more', { name: r.name })}>
                      <AddIcon fontSize="small" />
                    </IconButton>
                  </Box>
                ) : null}
              </Box>
              {r.soldOut && !r.upcoming && (
                <Box sx={{ px: 2, pb: 2 }}>
                  <WaitlistForm eventCode={eventCode} ticketTypeId={r._id} ticketTypeName={r.name} maxPerOrder={r.maxPerOrder} />
                </Box>
              )}
            </Box>
          );
        })}
      </Paper>

      <Box sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {code ? (
          <Alert severity="success" sx={{ flex: '1 1 260px' }} data-testid="code-applied" action={<Button color="inherit" size="small" onClick={removeCode}>{t('sales.checkout.removeCode')}</Button>}>
            <strong>{code.code}</strong> · {code.summary}
          </Alert>
        ) : (
          <>
            <TextField
              size="small"
              label={t('sales.checkout.codeLabel')}
              value={codeText}
              onChange={(e) => setCodeText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void applyCode();
                }
              }}
              error={!!codeError}
              helperText={codeError ?? ' '}
              sx={{ flex: '1 1 200px' }}
              slotProps={{ htmlInput: { maxLength: 60, autoCapitalize: 'characters' } }}
            />
            <Button variant="outlined" onClick={applyCode} disabled={!codeText.trim() || validating.isLoading} sx={{ mt: 0.25 }}>
              {t('sales.checkout.applyCode')}
            </Button>
          </>
        )}
      </Box>

      {reserveError && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="reserve-error">
          {reserveError}
        </Alert>
      )}
      <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography variant="body2" color="text.secondary">
            {t('sales.checkout.ticketsChosen', { count })}
          </Typography>
          <Typography sx={{ fontWeight: 800, fontSize: 20 }} data-testid="picker-total">
            {t('sales.checkout.total', { total: moneyMinor(total, currency) })}
          </Typography>
        </Box>
        <Button variant="contained" size="large" onClick={submit} disabled={count === 0 || reserving.isLoading} data-testid="reserve">
          {reserving.isLoading ? t('sales.checkout.reserving') : t('sales.checkout.reserve')}
        </Button>
      </Box>
    </Box>
  );
}
