import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TicketDto } from '@contracts/sales';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useCurrentUser } from '../../accounts/api';
import { useMyOrderQuery, useSetTicketAttendeeMutation, useTransferTicketMutation } from '../checkout/api';
import { EventLine, OrderStatusChip, OrderSummary } from '../checkout/components';
import { OrderDocuments, TicketList } from '../checkout/TicketList';
import { PersonDialog } from './PersonDialog';

type Pending = { ticket: TicketDto; kind: 'transfer' | 'name' } | null;

/**
 * /mytickets/{transaction}: one of the user's orders with its tickets (QR each), the PDF and the calendar file;
 * a ticket may be transferred to someone else's e-mail, and a ticket without an attendee (a company's order)
 * named.
 */
export function Component() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const id = useParams().transaction ?? '';
  const user = useCurrentUser();
  const { data: order, error, isLoading } = useMyOrderQuery(id, { skip: !id });
  const [transfer] = useTransferTicketMutation();
  const [name] = useSetTicketAttendeeMutation();
  const [pending, setPending] = useState<Pending>(null);

  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !order) return <LinearProgress aria-label={t('common.loading')} />;
  const paid = order.status === 'paid';
  const past = Date.parse(order.event.endDate) < Date.now();
  // Only whoever bought the order names or transfers its tickets (a ticket received by e-mail is only shown).
  const mayChange = !past && !!user && order.buyerId === user._id;
  // A ticket still in the buyer's name (a company's order, a free one) is waiting for its attendee.
  const unnamed = (ticket: TicketDto) => !ticket.attendeeName || (!!order.buyer && ticket.attendeeEmail?.toLowerCase() === order.buyer.email.toLowerCase() && order.tickets.length > 1);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <Box sx={{ mb: 1 }}>
        <Button component={RouterLink} to="/mytickets" size="small">
          {t('sales.mytickets.back')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
            {t('sales.mytickets.orderTitle')}
          </Typography>
        </Box>
        <OrderStatusChip status={order.status} />
      </Box>
      <Box sx={{ mb: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <EventLine event={order.event} />
        <Button component={RouterLink} to={`/e/${order.event.eventCode}`} size="small" variant="outlined">
          {t('sales.mytickets.eventPage')}
        </Button>
      </Box>
      {!paid ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t(`sales.mytickets.notPaid_${order.status}`)}
          {(order.status === 'reserved' || order.status === 'awaiting_payment') && (
            <Box sx={{ mt: 1 }}>
              <Button component={RouterLink} to={`/reservation/${order._id}`} size="small" variant="outlined">
                {t('sales.mytickets.resume')}
              </Button>
            </Box>
          )}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
          <OrderDocuments orderId={order._id} />
          {order.tickets.length === 0 ? (
            <Typography color="text.secondary">{t('sales.mytickets.noTickets')}</Typography>
          ) : (
            <TicketList
              tickets={order.tickets}
              actions={
                !mayChange
                  ? undefined
                  : (ticket) => (
                      <>
                        {unnamed(ticket) && (
                          <Button size="small" variant="contained" onClick={() => setPending({ ticket, kind: 'name' })}>
                            {t('sales.mytickets.nameAttendee')}
                          </Button>
                        )}
                        <Button size="small" variant="outlined" onClick={() => setPending({ ticket, kind: 'transfer' })} data-testid="transfer">
                          {t('sales.mytickets.transfer')}
                        </Button>
                      </>
                    )
              }
            />
          )}
        </Box>
      )}
      <OrderSummary order={order} />
      <PersonDialog
        open={pending !== null}
        title={pending?.kind === 'name' ? t('sales.mytickets.nameTitle') : t('sales.mytickets.transferTitle')}
        text={
          pending?.kind === 'name'
            ? t('sales.mytickets.nameText', { type: pending.ticket.ticketTypeName })
            : t('sales.mytickets.transferText', { type: pending?.ticket.ticketTypeName ?? '' })
        }
        submitLabel={pending?.kind === 'name' ? t('sales.mytickets.nameSubmit') : t('sales.mytickets.transferSubmit')}
        onClose={() => setPending(null)}
        onSubmit={async (v) => {
          if (!pending) return;
          const args = { ticketId: pending.ticket._id, orderId: order._id, ...v };
          if (pending.kind === 'name') {
            await name(args).unwrap();
            notify(t('sales.mytickets.named'), 'success');
          } else {
            await transfer(args).unwrap();
            notify(t('sales.mytickets.transferred', { email: v.email }), 'success');
          }
        }}
      />
    </Container>
  );
}
