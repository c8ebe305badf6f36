import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ErrorView } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { useCurrentUser } from '../../accounts/api';
import { usePublicEventQuery } from '../../events/api';
import { dateInSentence } from './format';
import { useReservation } from './api';
import { OrderHeading } from '../common/OrderHeading';
import { attendeesNamed, OrderError, OrderHistory, OrderSummary } from './components';
import { OrderDocuments, TicketList } from './TicketList';

/**
 * /order/{id}/confirmation: a paid order with its tickets (one QR each), the PDF and the calendar file. The buyer
 * lands here after paying; an order not paid yet says so and links back to its reservation.
 */
export function Component() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const user = useCurrentUser();
  // A payment confirmed by the provider's webhook (or a deposit approved) shows up without a reload.
  const [polling, setPolling] = useState(5_000);
  const { data: order, error, isLoading } = useReservation(id, { skip: !id, pollingInterval: polling, skipPollingIfUnfocused: true });
  useEffect(() => {
    if (order && order.status !== 'reserved' && order.status !== 'awaiting_payment') setPolling(0);
  }, [order]);
  const { data: event } = usePublicEventQuery(order?.eventId ?? '', { skip: !order });

  if (!id) return <ErrorView status={404} />;
  if (error) return <OrderError error={error} />;
  if (isLoading || !order) return <LinearProgress aria-label={t('common.loading')} />;

  const paid = order.status === 'paid';
  const email = order.buyer?.email;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <OrderHeading title={paid ? t('sales.checkout.confirmationTitle') : t('sales.checkout.reservationTitle')} paid={paid} status={order.status} event={event?.data} icon={CheckCircleIcon} />
      {!paid ? (
        <Alert severity="info" data-testid="not-paid">
          {t('sales.checkout.notPaidYet')}
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to={`/reservation/${id}`} variant="outlined" size="small">
              {t('sales.checkout.reservationTitle')}
            </Button>
          </Box>
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography>{email ? t('sales.checkout.confirmationText', { email }) : t('sales.checkout.confirmationTextNoMail')}</Typography>
          {order.paymentMethod && order.paidAt && (
            <Typography variant="body2" color="text.secondary">
              {t('sales.checkout.paidWith', { method: t(`sales.checkout.paymentMethod_${order.paymentMethod}`), date: dateInSentence(order.paidAt, event?.data.timeZone) })}
            </Typography>
          )}
          {order.paymentMethod === 'free' && !attendeesNamed(order.history) && (
            <Alert
              severity="info"
              data-testid="naming-prompt"
              action={
                <Button component={RouterLink} to={`/reservation/${id}`} color="inherit" size="small">
                  {t('sales.checkout.nameAttendees')}
                </Button>
              }
            >
              {t('sales.checkout.namingPrompt')}
            </Alert>
          )}
          <OrderDocuments orderId={id} />
          <TicketList tickets={order.tickets} />
          <OrderSummary order={order} />
          <OrderHistory history={order.history} timeZone={event?.data.timeZone} />
          {user && (
            <Box>
              <Button component={RouterLink} to={`/mytickets/${id}`} variant="contained">
                {t('sales.checkout.myTicketsLink')}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </Container>
  );
}
