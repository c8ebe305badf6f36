import AddIcon from '@mui/icons-material/Add';
import PointOfSaleIcon from '@mui/icons-material/PointOfSaleOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TicketTypeDto } from '@contracts/events';
import type { SaleReceiptDto, TillDetailDto, TillDto } from '@contracts/sales-boxoffice';
import { useState } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useEventInformationQuery } from '../../events/api';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { money, shortDate } from '../../events/format';
import { useCloseTillMutation, useMoveCashMutation, useOpenTillMutation, useSellMutation, useTillQuery, useTillsQuery } from './api';
import { toMinor } from './ids';

/** Minor units as the event's money: "S/. 25.00". */
const cash = (minor: number | null | undefined, currency: string) => money((minor ?? 0) / 100, currency);

/**
 * /cashRegister (role cash_register, and the store administrator): the cashier's till at this event. Open it with
 * a float, sell tickets at the door in cash or by card (an external terminal's voucher reference), print the
 * receipt, put cash in or take it out, and close it with the count: expected, counted, difference.
 */
export default function CashRegisterPage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const info = useEventInformationQuery(eventId!, { skip: !eventId });
  const tills = useTillsQuery(eventId!, { skip: !eventId });
  const [closedId, setClosedId] = useState<string | null>(null);

  const error = info.error ?? tills.error;
  if (error) return <ErrorView {...describeError(error)} />;
  if (!info.data || !tills.data) return <LinearProgress aria-label={t('common.loading')} />;
  const event = info.data.data;
  const mine = tills.data.mine;

  return (
    <Box>
      <PageHeader title={t('sales.boxoffice.till.title')} subtitle={event.eventName} />
      {mine ? (
        <OpenTill eventId={event._id} tillId={mine._id} ticketTypes={info.data.ticketTypes} onClosed={setClosedId} />
      ) : (
        <>
          {closedId && <ClosedSummary eventId={event._id} tillId={closedId} />}
          <OpenTillForm eventId={event._id} currency={event.currency} onOpened={() => setClosedId(null)} />
        </>
      )}
      <TillHistory tills={tills.data.data} />
    </Box>
  );
}

function OpenTillForm({ eventId, currency, onOpened }: { eventId: string; currency: string; onOpened: () => void }) {
  const { t } = useTranslation();
  const { notifyError } = useNotify();
  const [open, state] = useOpenTillMutation();
  const [clientId] = useState(newClientId);
  const [float, setFloat] = useState('0');
  const amount = toMinor(float);
  const submit = async () => {
    if (amount === null) return;
    try {
      await open({ eventId, clientId, float: amount }).unwrap();
      onOpened();
    } catch (e) {
      notifyError(e, t('common.unexpectedError'));
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3, display: 'grid', gap: 2, maxWidth: 480 }} component="section" aria-labelledby="till-open-title">
      <Typography component="h2" variant="h6" id="till-open-title" sx={{ fontWeight: 700 }}>
        {t('sales.boxoffice.till.openTitle')}
      </Typography>
      <Typography color="text.secondary">{t('sales.boxoffice.till.openHelp')}</Typography>
      <TextField
        label={t('sales.boxoffice.till.float', { currency })}
        value={float}
        onChange={(e) => setFloat(e.target.value)}
        error={amount === null}
        helperText={amount === null ? t('sales.boxoffice.till.badAmount') : ' '}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'till-float' } }}
      />
      <Button variant="contained" startIcon={<PointOfSaleIcon />} disabled={amount === null || state.isLoading} onClick={() => void submit()} data-testid="till-open">
        {t('sales.boxoffice.till.open')}
      </Button>
    </Paper>
  );
}

function Totals({ till }: { till: TillDto }) {
  const { t } = useTranslation();
  const c = till.currency;
  const items: [string, string, string][] = [
    ['float', t('sales.boxoffice.till.floatLabel'), cash(till.float, c)],
    ['cashSales', t('sales.boxoffice.till.cashSales'), cash(till.cashSales, c)],
    ['cardSales', t('sales.boxoffice.till.cardSales'), cash(till.cardSales, c)],
    ['movements', t('sales.boxoffice.till.movements'), `+${cash(till.cashIn, c)} / −${cash(till.cashOut, c)}`],
    ['expected', t('sales.boxoffice.till.expected'), cash(till.expected, c)],
    ['tickets', t('sales.boxoffice.till.tickets'), String(till.ticketsCount)],
  ];
  if (till.counted !== null) {
    items.push(['counted', t('sales.boxoffice.till.counted'), cash(till.counted, c)]);
    items.push(['difference', t('sales.boxoffice.till.difference'), cash(till.difference, c)]);
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1.5 }} component="dl" data-testid="till-totals">
      {items.map(([key, label, value]) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5, m: 0 }} data-testid={`till-${key}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontWeight: 800, fontSize: 18, color: key === 'difference' && till.difference !== 0 ? 'error.main' : undefined }}
          >
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function OpenTill({ eventId, tillId, ticketTypes, onClosed }: { eventId: string; tillId: string; ticketTypes: TicketTypeDto[]; onClosed: (id: string) => void }) {
  const { t } = useTranslation();
  const till = useTillQuery({ eventId, tillId });
  const [receipt, setReceipt] = useState<SaleReceiptDto | null>(null);
  const [moving, setMoving] = useState(false);
  const [closing, setClosing] = useState(false);
  if (till.error) return <ErrorView {...describeError(till.error)} />;
  if (!till.data) return <LinearProgress aria-label={t('common.loading')} />;
  const d = till.data;
  return (
    <Box sx={{ display: 'grid', gap: 3, mb: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} component="section" aria-labelledby="till-summary-title">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h2" variant="h6" id="till-summary-title" sx={{ fontWeight: 700, flex: '1 1 auto' }}>
            {t('sales.boxoffice.till.openSince', { date: shortDate(d.openedAt) })}
          </Typography>
          <Button startIcon={<SwapVertIcon />} onClick={() => setMoving(true)} data-testid="till-move">
            {t('sales.boxoffice.till.move')}
          </Button>
          <Button variant="outlined" color="warning" onClick={() => setClosing(true)} data-testid="till-close">
            {t('sales.boxoffice.till.close')}
          </Button>
        </Box>
        <Totals till={d} />
        {!d.reconciliation.matches && <Alert severity="warning">{t('sales.boxoffice.till.mismatch', { count: d.reconciliation.mismatched.length })}</Alert>}
      </Paper>
      <SaleForm eventId={eventId} till={d} ticketTypes={ticketTypes} onSold={setReceipt} />
      <Entries till={d} />
      {receipt && <ReceiptDialog receipt={receipt} onClose={() => setReceipt(null)} />}
      {moving && <MoveDialog eventId={eventId} till={d} onClose={() => setMoving(false)} />}
      {closing && (
        <CloseDialog
          eventId={eventId}
          till={d}
          onClose={() => setClosing(false)}
          onClosed={() => {
            setClosing(false);
            onClosed(d._id);
          }}
        />
      )}
    </Box>
  );
}

interface Seat {
  ticketTypeId: string;
  name: string;
  email: string;
}

function SaleForm({ eventId, till, ticketTypes, onSold }: { eventId: string; till: TillDetailDto; ticketTypes: TicketTypeDto[]; onSold: (r: SaleReceiptDto) => void }) {
  const { t } = useTranslation();
  const [sell, state] = useSellMutation();
  const [seats, setSeats] = useState<Seat[]>([]);
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [reference, setReference] = useState('');
  const [received, setReceived] = useState('');
  const [clientId, setClientId] = useState(newClientId);
  const [error, setError] = useState<string | null>(null);
  const price = new Map(ticketTypes.map((tt) => [tt._id, Math.round(tt.price * 100)]));
  const total = seats.reduce((s, x) => s + (price.get(x.ticketTypeId) ?? 0), 0);
  const count = (id: string) => seats.filter((s) => s.ticketTypeId === id).length;
  const add = (id: string) => setSeats((s) => [...s, { ticketTypeId: id, name: '', email: '' }]);
  const remove = (id: string) =>
    setSeats((s) => {
      const i = s.map((x) => x.ticketTypeId).lastIndexOf(id);
      return i < 0 ? s : [...s.slice(0, i), ...s.slice(i + 1)];
    });
  const receivedMinor = toMinor(received);
  const change = method === 'cash' && receivedMinor !== null && received !== '' ? receivedMinor - total : null;
  const ready = seats.length > 0 && seats.every((s) => s.name.trim()) && (method === 'cash' || reference.trim() !== '');

  const submit = async () => {
    setError(null);
    const lines = [...new Set(seats.map((s) => s.ticketTypeId))].map((ticketTypeId) => ({
      ticketTypeId,
      attendees: seats.filter((s) => s.ticketTypeId === ticketTypeId).map((s) => ({ name: s.name.trim(), ...(s.email.trim() ? { email: s.email.trim() } : {}) })),
    }));
    try {
      const r = await sell({ eventId, tillId: till._id, body: { clientId, method, ...(method === 'card' ? { reference: reference.trim() } : {}), lines } }).unwrap();
      onSold(r.receipt);
      setSeats([]);
      setReference('');
      setReceived('');
      // The next sale is another sale; a retry of this one (same click, network error) kept the same id.
      setClientId(newClientId());
    } catch (e) {
      setError(apiErrorMessage(e, t('common.unexpectedError')));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} component="section" aria-labelledby="till-sale-title">
      <Typography component="h2" variant="h6" id="till-sale-title" sx={{ fontWeight: 700 }}>
        {t('sales.boxoffice.sale.title')}
      </Typography>
      {ticketTypes.length === 0 && <Alert severity="info">{t('sales.boxoffice.sale.noTypes')}</Alert>}
      <Box sx={{ display: 'grid', gap: 1 }}>
        {ticketTypes.map((tt) => (
          <Box key={tt._id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="sale-type">
            <Typography sx={{ flex: '1 1 200px', fontWeight: 600 }}>
              {tt.name} · {tt.price === 0 ? t('sales.boxoffice.sale.free') : cash(Math.round(tt.price * 100), till.currency)}
            </Typography>
            <IconButton aria-label={t('sales.boxoffice.sale.less', { name: tt.name })} onClick={() => remove(tt._id)} disabled={count(tt._id) === 0}>
              <RemoveIcon />
            </IconButton>
            <Typography aria-live="polite" sx={{ minWidth: 24, textAlign: 'center' }} data-testid="sale-count">
              {count(tt._id)}
            </Typography>
            <IconButton aria-label={t('sales.boxoffice.sale.more', { name: tt.name })} onClick={() => add(tt._id)} data-testid="sale-add">
              <AddIcon />
            </IconButton>
          </Box>
        ))}
      </Box>
      {seats.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {seats.map((s, i) => {
            const typeName = ticketTypes.find((tt) => tt._id === s.ticketTypeId)?.name ?? '';
            const set = (patch: Partial<Seat>) => setSeats((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)));
            return (
              <Box key={i} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
                <TextField
                  size="small"
                  required
                  label={t('sales.boxoffice.sale.attendee', { n: i + 1, type: typeName })}
                  value={s.name}
                  onChange={(e) => set({ name: e.target.value })}
                  slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'sale-name' } }}
                />
                <TextField size="small" type="email" label={t('sales.boxoffice.sale.email')} value={s.email} onChange={(e) => set({ email: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} />
              </Box>
            );
          })}
        </Box>
      )}
      <RadioGroup row value={method} onChange={(e) => setMethod(e.target.value as 'cash' | 'card')} aria-label={t('sales.boxoffice.sale.method')}>
        <FormControlLabel value="cash" control={<Radio />} label={t('sales.boxoffice.method.cash')} />
        <FormControlLabel value="card" control={<Radio />} label={t('sales.boxoffice.method.card')} data-testid="sale-card" />
      </RadioGroup>
      {method === 'card' ? (
        <TextField label={t('sales.boxoffice.sale.reference')} helperText={t('sales.boxoffice.sale.referenceHelp')} value={reference} onChange={(e) => setReference(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
      ) : (
        <TextField
          label={t('sales.boxoffice.sale.received')}
          value={received}
          onChange={(e) => setReceived(e.target.value)}
          helperText={change !== null ? (change >= 0 ? t('sales.boxoffice.sale.change', { amount: cash(change, till.currency) }) : t('sales.boxoffice.sale.short')) : ' '}
          error={change !== null && change < 0}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Button size="large" variant="contained" disabled={!ready || state.isLoading} onClick={() => void submit()} data-testid="sale-submit">
        {t('sales.boxoffice.sale.charge', { amount: cash(total, till.currency) })}
      </Button>
    </Paper>
  );
}

function Entries({ till }: { till: TillDetailDto }) {
  const { t } = useTranslation();
  if (till.entries.length === 0) return null;
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={t('sales.boxoffice.till.entries')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('sales.boxoffice.till.when')}</TableCell>
            <TableCell>{t('sales.boxoffice.till.what')}</TableCell>
            <TableCell align="right">{t('sales.boxoffice.till.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...till.entries].reverse().map((e) => (
            <TableRow key={e.seq}>
              <TableCell>{shortDate(e.at)}</TableCell>
              <TableCell>
                {e.kind === 'sale'
                  ? t('sales.boxoffice.till.saleEntry', { method: t(`sales.boxoffice.method.${e.method}`), tickets: e.tickets ?? 0 }) + (e.reference ? ` · ${e.reference}` : '')
                  : `${t(`sales.boxoffice.move.${e.direction}`)} · ${e.reason}`}
              </TableCell>
              <TableCell align="right">{(e.kind === 'movement' && e.direction === 'out' ? '−' : '') + cash(e.amount, till.currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ReceiptDialog({ receipt, onClose }: { receipt: SaleReceiptDto; onClose: () => void }) {
  const { t } = useTranslation();
  const tickets = receipt.orders.flatMap((o) => o.tickets);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="receipt-title" className="aforo-receipt">
      {/* Printing shows only the receipt (the rest of the page is hidden by the print style below). */}
      <style>{'@media print { body * { visibility: hidden; } .aforo-receipt .receipt-body, .aforo-receipt .receipt-body * { visibility: visible; } .aforo-receipt .receipt-body { position: absolute; left: 0; top: 0; width: 100%; } }'}</style>
      <DialogTitle id="receipt-title">{t('sales.boxoffice.receipt.title')}</DialogTitle>
      <DialogContent>
        <Box className="receipt-body" data-testid="receipt" sx={{ fontFamily: 'monospace', display: 'grid', gap: 0.5 }}>
          <Typography sx={{ fontFamily: 'inherit' }}>{shortDate(receipt.at)}</Typography>
          {tickets.map((tk) => (
            <Box key={tk.ticketId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>
                {tk.ticketTypeName} · {tk.attendeeName}
              </span>
              <span>{cash(tk.unitPrice, receipt.currency)}</span>
            </Box>
          ))}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', fontWeight: 800, borderTop: 1, pt: 0.5 }}>
            <span>{t('sales.boxoffice.receipt.total')}</span>
            <span data-testid="receipt-total">{cash(receipt.total, receipt.currency)}</span>
          </Box>
          <span>
            {t(`sales.boxoffice.method.${receipt.method}`)}
            {receipt.reference ? ` · ${receipt.reference}` : ''}
          </span>
          {receipt.orders.map((o) => (
            <span key={o.orderId}>{t('sales.boxoffice.receipt.order', { id: o.orderId.slice(0, 8).toUpperCase() })}</span>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('sales.boxoffice.receipt.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MoveDialog({ eventId, till, onClose }: { eventId: string; till: TillDto; onClose: () => void }) {
  const { t } = useTranslation();
  const [move, state] = useMoveCashMutation();
  const [clientId] = useState(newClientId);
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const minor = toMinor(amount);
  const submit = async () => {
    if (!minor) return;
    try {
      await move({ eventId, tillId: till._id, body: { clientId, direction, amount: minor, reason: reason.trim() } }).unwrap();
      onClose();
    } catch (e) {
      setError(apiErrorMessage(e, t('common.unexpectedError')));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="move-title">
      <DialogTitle id="move-title">{t('sales.boxoffice.move.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField select label={t('sales.boxoffice.move.direction')} value={direction} onChange={(e) => setDirection(e.target.value as 'in' | 'out')}>
          <MenuItem value="in">{t('sales.boxoffice.move.in')}</MenuItem>
          <MenuItem value="out">{t('sales.boxoffice.move.out')}</MenuItem>
        </TextField>
        <TextField label={t('sales.boxoffice.move.amount', { currency: till.currency })} value={amount} onChange={(e) => setAmount(e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextField label={t('sales.boxoffice.move.reason')} required value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!minor || !reason.trim() || state.isLoading} onClick={() => void submit()}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CloseDialog({ eventId, till, onClose, onClosed }: { eventId: string; till: TillDto; onClose: () => void; onClosed: () => void }) {
  const { t } = useTranslation();
  const [close, state] = useCloseTillMutation();
  const [clientId] = useState(newClientId);
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const minor = toMinor(counted);
  const submit = async () => {
    if (minor === null) return;
    try {
      await close({ eventId, tillId: till._id, body: { clientId, counted: minor, ...(note.trim() ? { note: note.trim() } : {}) } }).unwrap();
      onClosed();
    } catch (e) {
      setError(apiErrorMessage(e, t('common.unexpectedError')));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="close-title">
      <DialogTitle id="close-title">{t('sales.boxoffice.close.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography>{t('sales.boxoffice.close.help', { expected: cash(till.expected, till.currency) })}</Typography>
        <TextField
          label={t('sales.boxoffice.close.counted', { currency: till.currency })}
          value={counted}
          onChange={(e) => setCounted(e.target.value)}
          error={counted !== '' && minor === null}
          helperText={minor !== null && counted !== '' ? t('sales.boxoffice.close.preview', { difference: cash(minor - till.expected, till.currency) }) : ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'till-counted' } }}
        />
        <TextField label={t('sales.boxoffice.close.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 500 } }} />
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" color="warning" disabled={minor === null || counted === '' || state.isLoading} onClick={() => void submit()} data-testid="till-close-confirm">
          {t('sales.boxoffice.close.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ClosedSummary({ eventId, tillId }: { eventId: string; tillId: string }) {
  const { t } = useTranslation();
  const till = useTillQuery({ eventId, tillId });
  if (!till.data) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3, display: 'grid', gap: 2 }} component="section" aria-labelledby="till-closed-title" data-testid="till-closed">
      <Typography component="h2" variant="h6" id="till-closed-title" sx={{ fontWeight: 700 }}>
        {t('sales.boxoffice.close.done')}
      </Typography>
      <Totals till={till.data} />
      <Alert severity={till.data.reconciliation.matches ? 'success' : 'warning'}>
        {till.data.reconciliation.matches
          ? t('sales.boxoffice.till.reconciled', { amount: cash(till.data.reconciliation.ordersTotal, till.data.currency) })
          : t('sales.boxoffice.till.mismatch', { count: till.data.reconciliation.mismatched.length })}
      </Alert>
    </Paper>
  );
}

function TillHistory({ tills }: { tills: TillDto[] }) {
  const { t } = useTranslation();
  if (tills.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="till-history-title" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" id="till-history-title" sx={{ fontWeight: 700, mb: 1 }}>
        {t('sales.boxoffice.till.history')}
      </Typography>
      <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={t('sales.boxoffice.till.history')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('sales.boxoffice.till.cashier')}</TableCell>
              <TableCell>{t('sales.boxoffice.till.opened')}</TableCell>
              <TableCell>{t('sales.boxoffice.till.state')}</TableCell>
              <TableCell align="right">{t('sales.boxoffice.till.cashSales')}</TableCell>
              <TableCell align="right">{t('sales.boxoffice.till.cardSales')}</TableCell>
              <TableCell align="right">{t('sales.boxoffice.till.difference')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tills.map((x) => (
              <TableRow key={x._id}>
                <TableCell>{x.openedByName ?? ''}</TableCell>
                <TableCell>{shortDate(x.openedAt)}</TableCell>
                <TableCell>
                  <Chip size="small" color={x.status === 'open' ? 'success' : 'default'} label={t(`sales.boxoffice.till.status.${x.status}`)} />
                </TableCell>
                <TableCell align="right">{cash(x.cashSales, x.currency)}</TableCell>
                <TableCell align="right">{cash(x.cardSales, x.currency)}</TableCell>
                <TableCell align="right">{x.difference === null ? '—' : cash(x.difference, x.currency)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
