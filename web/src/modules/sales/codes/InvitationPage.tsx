import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { apiErrorBody, apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { usePublicEventQuery } from '../../events/api';
import { AttendeesForm, emptyForm, formPayload, validateForm, type AttendeesFormState, type FieldErrors } from '../checkout/AttendeesForm';
import { useEventFormQuery, useReservationQuery, useSetAttendeesMutation } from '../checkout/api';
import { EventLine, OrderStatusChip, OrderSummary } from '../checkout/components';

/**
 * /e/{eventCode}/invitation/{reservation} and /registerinvitation/{reservation}: the reservation an invitation code
 * made. The invited person fills in the attendees' data (the event's registration form) and confirms: a free
 * invitation is ticketed when reserved, so confirming names its tickets (/invitation/confirmation/{id}, or /registerinvitation/confirmation/{id});
 * one with a price goes on to pay it (/reservation/{id}).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useParams().reservation ?? '';
  // The confirmation follows the route family the person came through.
  const confirmationPath = useLocation().pathname.startsWith('/registerinvitation') ? `/registerinvitation/confirmation/${id}` : `/invitation/confirmation/${id}`;
  const { data: order, error, isLoading } = useReservationQuery(id, { skip: !id });
  const { data: event } = usePublicEventQuery(order?.eventId ?? '', { skip: !order });
  const { data: form } = useEventFormQuery(order?.eventId ?? '', { skip: !order });
  const [setAttendees, saving] = useSetAttendeesMutation();
  const [value, setValue] = useState<AttendeesFormState | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const clientId = useRef(newClientId());

  useEffect(() => {
    if (order && !value) {
      const start = emptyForm(order, order.buyer ?? null);
      // Tickets already issued (a free invitation is ticketed at once) keep the names they have.
      setValue({ ...start, attendees: start.attendees.map((a, i) => ({ ...a, name: order.tickets[i]?.attendeeName ?? '', email: order.tickets[i]?.attendeeEmail ?? '' })) });
    }
  }, [order, value]);

  if (!id) return <ErrorView status={404} />;
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !order || !value) return <LinearProgress aria-label={t('sales.codes.loading')} />;
  const fields = form?.fields ?? [];
  const open = order.status === 'reserved' || order.status === 'paid';
  const busy = saving.isLoading;

  const confirm = async () => {
    setSubmitError(null);
    const found = validateForm(value, fields, t);
    setErrors(found);
    if (Object.keys(found).length) return setSubmitError(t('sales.codes.fixErrors'));
    try {
      await setAttendees({ id, ...formPayload(value, fields), clientId: clientId.current }).unwrap();
      clientId.current = newClientId();
      // A free invitation was ticketed when it was reserved; one with a price goes on to be paid.
      navigate(order.status === 'paid' ? confirmationPath : `/reservation/${id}`);
    } catch (err) {
      const body = apiErrorBody(err);
      setErrors(Object.fromEntries((body?.errors ?? []).map((e) => [e.path, e.message])));
      setSubmitError(apiErrorMessage(err, t('sales.codes.saveFailed')));
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800, flex: 1, minWidth: 0 }}>
          {t('sales.codes.invitationTitle')}
        </Typography>
        <OrderStatusChip status={order.status} />
      </Box>
      <Box sx={{ mb: 2 }}>
        <EventLine event={event?.data} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 300px' }, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0, display: 'grid', gap: 2, order: { xs: 2, md: 1 } }}>
          {!open ? (
            <Alert severity="warning" data-testid="invitation-closed">
              <AlertTitle>{t('sales.codes.invitationClosedTitle')}</AlertTitle>
              {t(`sales.codes.invitationClosed_${order.status}`)}
            </Alert>
          ) : (
            <>
              <Typography color="text.secondary">{order.total === 0 ? t('sales.codes.invitationIntroFree') : t('sales.codes.invitationIntroPaid')}</Typography>
              <AttendeesForm order={order} fields={fields} value={value} errors={errors} onChange={setValue} disabled={busy} />
              {submitError && <Alert severity="error">{submitError}</Alert>}
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button variant="contained" size="large" disabled={busy} onClick={() => void confirm()} data-testid="invitation-confirm">
                  {busy ? t('sales.codes.saving') : order.total === 0 || order.status === 'paid' ? t('sales.codes.confirmInvitation') : t('sales.codes.continueToPay')}
                </Button>
              </Box>
            </>
          )}
        </Box>
        <Box sx={{ order: { xs: 1, md: 2 } }}>
          <OrderSummary order={order} />
          {event && (
            <Button component={RouterLink} to={`/e/${encodeURIComponent(event.data.eventCode)}`} sx={{ mt: 1 }}>
              {t('sales.codes.backToEvent')}
            </Button>
          )}
        </Box>
      </Box>
    </Container>
  );
}
