import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { OrderDto, OrderHistoryEntryDto, OrderStatusDto } from '@contracts/sales';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { apiErrorStatus } from '../../../app/api';
import { signInPath } from '../../../app/guards';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { i18n, useTranslation } from '../../../i18n';
import { longDate } from '../../events/dates';
import { moneyMinor } from './format';

const STATUS_COLOR: Record<OrderStatusDto, 'default' | 'success' | 'warning' | 'error' | 'secondary'> = {
  reserved: 'secondary',
  awaiting_payment: 'warning',
  paid: 'success',
  expired: 'default',
  cancelled: 'error',
  refunded: 'default',
};

export function OrderStatusChip({ status }: { status: OrderStatusDto }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`sales.checkout.status_${status}`)} data-testid="order-status" />;
}

/** The event an order is for: name, date in its zone, venue. */
export function EventLine({ event }: { event: { eventName: string; startDate: string; timeZone: string; venue: string | null } | undefined }) {
  if (!event) return <Skeleton width={260} />;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 800, fontSize: 18, overflowWrap: 'anywhere' }}>{event.eventName}</Typography>
      <Typography variant="body2" color="text.secondary">
        {longDate(event.startDate, event.timeZone)}
        {event.venue ? ` · ${event.venue}` : ''}
      </Typography>
    </Box>
  );
}

/** The order's lines and total, in the event's currency. */
export function OrderSummary({ order }: { order: Pick<OrderDto, 'lines' | 'total' | 'currency'> }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="order-summary">
      <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('sales.checkout.summary')}
      </Typography>
      {order.lines.map((l) => (
        <Box key={l.ticketTypeId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('sales.checkout.line', { quantity: l.quantity, name: l.name })}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {l.unitPrice === 0 ? t('sales.checkout.free') : moneyMinor(l.unitPrice * l.quantity, order.currency)}
          </Typography>
        </Box>
      ))}
      <Divider sx={{ my: 1 }} />
      <Typography sx={{ fontWeight: 800, textAlign: 'right' }} data-testid="order-total">
        {t('sales.checkout.total', { total: moneyMinor(order.total, order.currency) })}
      </Typography>
    </Paper>
  );
}

/** Milliseconds left until `until`, ticking every second (0 once passed). */
export function useCountdown(until: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  return Math.max(0, Date.parse(until) - now);
}

/**
 * A ticket's QR code (its random code, what the door scans): the PNG the server makes for the mail and the PDF,
 * or, if that cannot be loaded, the same code drawn here with the `qrcode` package.
 */
export function TicketQr({ code, size = 180 }: { code: string; size?: number }) {
  const { t } = useTranslation();
  const [fallback, setFallback] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed) return;
    let live = true;
    toDataURL(code, { errorCorrectionLevel: 'M', margin: 2, width: size * 2 })
      .then((url) => live && setFallback(url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code, failed, size]);
  const src = failed ? fallback : `/api/v2/ticket/${encodeURIComponent(code)}/qr.png`;
  return src ? (
    <Box
      component="img"
      src={src}
      alt={t('sales.checkout.qrAlt', { code })}
      width={size}
      height={size}
      onError={() => setFailed(true)}
      data-testid="ticket-qr"
      data-code={code}
      sx={{ display: 'block', width: size, height: size, bgcolor: '#fff', borderRadius: 1, imageRendering: 'pixelated' }}
    />
  ) : (
    <Skeleton variant="rectangular" width={size} height={size} />
  );
}

/** The order's history: each event of its stream, oldest first, in the event's time zone. */
export function OrderHistory({ history, timeZone }: { history: OrderHistoryEntryDto[]; timeZone?: string }) {
  const { t } = useTranslation();
  if (!history.length) return null;
  const label = (type: string) => {
    const key = `sales.checkout.history_${type.replace(/^sales\./, '')}`;
    return i18n.exists(key) ? t(key) : type;
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="order-history">
      <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('sales.checkout.history')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
        {history.map((h, i) => (
          <li key={i}>
            <Typography variant="body2">
              {label(h.type)}
              <Typography component="span" variant="caption" color="text.secondary">
                {' · '}
                {longDate(h.at, timeZone)}
              </Typography>
            </Typography>
          </li>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * A failed order read: a signed-in buyer's order opened while signed out goes to sign-in and back here; anything
 * else is the catalogue's error page with the server's message.
 */
export function OrderError({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  if (apiErrorStatus(error) === 401) return <Navigate to={signInPath(pathname)} replace />;
  return <ErrorView {...describeError(error)} />;
}

/** Whether the order's attendees were named (its history's types may carry the module prefix or not). */
export const attendeesNamed = (history: OrderHistoryEntryDto[]) => history.some((h) => h.type.replace(/^sales\./, '') === 'AttendeesSet');
