import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/api';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { money } from '../../events/format';
import { useOrderActionMutation, useOrderDetailQuery } from './api';
import { newClientId } from '../../../app/clientId';
import { dateTime, methodLabel, StatusChip } from './labels';

type Action = 'resend' | 'cancel' | 'refund';

/** One order: buyer, lines, tickets and its history, with resend, cancel and refund (each confirmed first). */
export function OrderDetailDialog({ orderId, onClose, canManage }: { orderId: string | null; onClose: () => void; canManage: boolean }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { data: order, error, isFetching } = useOrderDetailQuery(orderId ?? '', { skip: !orderId });
  const [run, { isLoading: busy }] = useOrderActionMutation();
  const [asking, setAsking] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // One client id per opened confirmation: a double click or a retry is the same request.
  const [clientId, setClientId] = useState(newClientId);
  const ask = (a: Action) => {
    setClientId(newClientId());
    setFailure(null);
    setAsking(a);
  };

  const act = async () => {
    if (!order || !asking) return;
    setFailure(null);
    try {
      const body: Record<string, unknown> = { clientId };
      if (asking !== 'resend' && reason.trim()) body.reason = reason.trim();
      await run({ orderId: order._id, action: asking, body }).unwrap();
      notify(t(`sales.admin.order.${asking}Done`), 'success');
      setAsking(null);
      setReason('');
    } catch (e) {
      setFailure(apiErrorMessage(e, t('common.unexpectedError')));
    }
  };
  const paid = order?.status === 'paid';
  // The team may also cancel a paid order (no money back: that is a refund).
  const cancellable = order?.status === 'reserved' || order?.status === 'awaiting_payment' || order?.status === 'paid';

  return (
    <>
      <Dialog open={!!orderId} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="order-detail-title">
        <DialogTitle id="order-detail-title">{t('sales.admin.order.title')}</DialogTitle>
        <DialogContent dividers>
          {isFetching && !order && <LinearProgress aria-label={t('common.loading')} />}
          {error && <Alert severity="error">{apiErrorMessage(error, t('common.unexpectedError'))}</Alert>}
          {order && (
            <Box data-testid="order-detail">
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
                <StatusChip status={order.status} />
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {t('sales.admin.order.reference', { id: order._id })}
                </Typography>
              </Box>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
                <Box>
                  <Typography variant="subtitle2">{t('sales.admin.order.buyer')}</Typography>
                  <Typography>{order.buyer?.name ?? '—'}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {order.buyer?.email}
                    {order.buyer?.phone ? ` · ${order.buyer.phone}` : ''}
                  </Typography>
                </Box>
                <Box>
                  <Typography variant="subtitle2">{t('sales.admin.order.payment')}</Typography>
                  <Typography>
                    {money(order.total / 100, order.currency)} · {methodLabel(order.paymentMethod)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {order.paidAt ? t('sales.admin.order.paidAt', { date: dateTime(order.paidAt) }) : t('sales.admin.order.createdAt', { date: dateTime(order.createdAt) })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" data-testid="order-receipt">
                    {order.receipt?.kind === 'factura'
                      ? t('sales.admin.order.receiptFactura', { ruc: order.receipt.ruc, name: order.receipt.businessName, address: order.receipt.address })
                      : t('sales.admin.order.receiptBoleta')}
                  </Typography>
                </Box>
              </Box>
              <Typography variant="subtitle2">{t('sales.admin.order.lines')}</Typography>
              <List dense disablePadding>
                {order.lines.map((l) => (
                  <ListItem key={l.ticketTypeId} disableGutters>
                    <ListItemText primary={`${l.quantity} × ${l.name}`} secondary={money((l.quantity * l.unitPrice) / 100, l.currency)} />
                  </ListItem>
                ))}
              </List>
              {order.tickets.length > 0 && (
                <>
                  <Typography variant="subtitle2" sx={{ mt: 1 }}>
                    {t('sales.admin.order.tickets')}
                  </Typography>
                  <List dense disablePadding>
                    {order.tickets.map((tk) => (
                      <ListItem key={tk._id} disableGutters secondaryAction={<StatusChip status={tk.status} />}>
                        <ListItemText primary={`${tk.attendeeName ?? '—'} · ${tk.ticketTypeName}`} secondary={tk.attendeeEmail} />
                      </ListItem>
                    ))}
                  </List>
                </>
              )}
              <Divider sx={{ my: 1.5 }} />
              <Typography variant="subtitle2">{t('sales.admin.order.history')}</Typography>
              <List dense disablePadding data-testid="order-history">
                {order.history.map((h, i) => (
                  <ListItem key={`${h.type}-${i}`} disableGutters>
                    <ListItemText primary={historyLabel(h.type, t)} secondary={`${dateTime(h.at)}${typeof h.detail.reason === 'string' && h.detail.reason ? ` · ${h.detail.reason}` : ''}`} />
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {order && canManage && paid && (
            <Button onClick={() => ask('resend')} data-testid="order-resend">
              {t('sales.admin.order.resend')}
            </Button>
          )}
          {order && canManage && cancellable && (
            <Button color="error" onClick={() => ask('cancel')} data-testid="order-cancel">
              {t('sales.admin.order.cancel')}
            </Button>
          )}
          {order && canManage && paid && order.total > 0 && (
            <Button color="error" onClick={() => ask('refund')} data-testid="order-refund">
              {t('sales.admin.order.refund')}
            </Button>
          )}
          {order?.buyerId && paid && (
            // The event's team may always write to its attendees (the chat's contact rule).
            <Button component={RouterLink} to={`/chat?user=${encodeURIComponent(order.buyerId)}`} data-testid="order-chat">
              {t('sales.documents.writeToBuyer')}
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
      <Dialog open={!!asking} onClose={() => !busy && setAsking(null)} aria-labelledby="order-action-title" maxWidth="xs" fullWidth>
        <DialogTitle id="order-action-title">{asking && t(`sales.admin.order.${asking}Title`)}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{asking && order && t(`sales.admin.order.${asking}Text`, { amount: money(order.total / 100, order.currency), email: order.buyer?.email ?? '' })}</Typography>
          {asking && asking !== 'resend' && (
            <TextField label={t('sales.admin.order.reason')} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth multiline minRows={2} slotProps={{ htmlInput: { maxLength: 300 } }} />
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <FormDialogActions onCancel={() => setAsking(null)} onSubmit={act} busy={busy} danger={asking !== 'resend'} submitLabel={asking ? t(`sales.admin.order.${asking}Confirm`) : ''} submitTestId="order-action-confirm" />
      </Dialog>
    </>
  );
}

/** "sales.OrderPaid" -> "Pago registrado" (unknown types keep their name). */
function historyLabel(type: string, t: (k: string) => string): string {
  const key = `sales.admin.history.${type.replace(/^sales\./, '')}`;
  const label = t(key);
  return label === key ? type.replace(/^sales\./, '') : label;
}
