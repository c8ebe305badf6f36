import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { usePublicEventQuery } from '../../events/api';
import { useReservationQuery } from '../checkout/api';
import { OrderHeading } from '../common/OrderHeading';
import { OrderDocuments, TicketList } from '../checkout/TicketList';

/**
 * /invitation/confirmation/{id} and /registerinvitation/confirmation/{id}: an invitation confirmed, with its tickets
 * (QR codes, PDF and calendar file). An invitation still to be paid points back to its reservation.
 */
export function Component() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const { data: order, error, isLoading } = useReservationQuery(id, { skip: !id });
  const { data: event } = usePublicEventQuery(order?.eventId ?? '', { skip: !order });
  if (!id) return <ErrorView status={404} />;
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !order) return <LinearProgress aria-label={t('sales.codes.loading')} />;
  const paid = order.status === 'paid';
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <OrderHeading title={paid ? t('sales.codes.invitationConfirmedTitle') : t('sales.codes.invitationTitle')} paid={paid} status={order.status} event={event?.data} icon={CheckCircleIcon} />
      {paid ? (
        <Box sx={{ display: 'grid', gap: 2 }} data-testid="invitation-confirmed">
          <Typography>{order.buyer?.email ? t('sales.codes.invitationConfirmedText', { email: order.buyer.email }) : t('sales.codes.invitationConfirmedNoMail')}</Typography>
          <OrderDocuments orderId={order._id} />
          <TicketList tickets={order.tickets} />
        </Box>
      ) : (
        <Alert severity="info">
          {t('sales.codes.invitationNotConfirmed')}
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to={`/registerinvitation/${id}`} variant="outlined" size="small">
              {t('sales.codes.invitationTitle')}
            </Button>
          </Box>
        </Alert>
      )}
    </Container>
  );
}
