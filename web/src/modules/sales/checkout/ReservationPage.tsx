import TimerIcon from '@mui/icons-material/TimerOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { apiErrorBody, apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView } from '../../../components/ErrorPage';
import { ConfirmDialog } from '../../../components/FormDialogActions';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useCurrentUser } from '../../accounts/api';
import { usePublicEventQuery } from '../../events/api';
import { AttendeesForm, emptyForm, formPayload, validateForm, type AttendeesFormState, type FieldErrors } from './AttendeesForm';
import { useCancelReservationMutation, useEventFormQuery, useReservation, useSetAttendeesMutation, type ReservationDetail } from './api';
import { attendeesNamed, EventLine, OrderError, OrderHistory, OrderStatusChip, OrderSummary, useCountdown } from './components';
import { DepositUpload } from './DepositUpload';
import { emptyReceipt, ReceiptChoice, receiptPayload, validateReceipt, type ReceiptInput } from './ReceiptChoice';
import { clock } from './format';
import { useMerchantPay } from './MerchantPay';

type Method = 'card' | 'merchant' | 'bankDeposit';
type Saved = { form: AttendeesFormState; method: Method | null; step: 'form' | 'deposit'; receipt?: ReceiptInput };

/** The buyer's typing survives a reload of the page (the reservation is resumable by its link). */
const storageKey = (id: string) => `aforo.checkout.${id}`;
function loadSaved(id: string): Saved | null {
  try {
    const raw = sessionStorage.getItem(storageKey(id));
    return raw ? (JSON.parse(raw) as Saved) : null;
  } catch {
    return null;
  }
}

/** The status of an order that is no longer being bought: what happened and where to go. */
function FinalState({ order, eventCode }: { order: ReservationDetail; eventCode: string | undefined }) {
  const { t } = useTranslation();
  const back = eventCode && (
    <Button component={RouterLink} to={`/e/${eventCode}`} variant="contained" sx={{ mt: 2 }}>
      {t('sales.checkout.startAgain')}
    </Button>
  );
  switch (order.status) {
    case 'paid':
      return (
        <Alert severity="success" data-testid="reservation-state">
          <AlertTitle>{t('sales.checkout.paidTitle')}</AlertTitle>
          {t('sales.checkout.paidText')}
          <Box>
            <Button component={RouterLink} to={`/order/${order._id}/confirmation`} variant="contained" sx={{ mt: 2 }}>
              {t('sales.checkout.seeConfirmation')}
            </Button>
          </Box>
        </Alert>
      );
    case 'awaiting_payment':
      return (
        <Alert severity="info" data-testid="reservation-state">
          <AlertTitle>{t('sales.checkout.awaitingTitle')}</AlertTitle>
          {t('sales.checkout.awaitingText')}
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert severity="warning" data-testid="reservation-state">
          <AlertTitle>{t('sales.checkout.cancelledTitle')}</AlertTitle>
          {t('sales.checkout.cancelledText')}
          <Box>{back}</Box>
        </Alert>
      );
    case 'refunded':
      return (
        <Alert severity="info" data-testid="reservation-state">
          <AlertTitle>{t('sales.checkout.refundedTitle')}</AlertTitle>
          {t('sales.checkout.refundedText')}
        </Alert>
      );
    default:
      return (
        <Alert severity="warning" data-testid="reservation-state">
          <AlertTitle>{t('sales.checkout.expiredTitle')}</AlertTitle>
          {t('sales.checkout.expiredText')}
          <Box>{back}</Box>
        </Alert>
      );
  }
}

/**
 * /reservation/{reservation}: resumes a reservation. While it holds its seats: a countdown, the buyer's and each
 * attendee's data (the event's registration form), the payment choice (card on /reservationCulqi, the second card
 * provider's own form opened over this page, bank deposit with a voucher, nothing for free tickets) and cancelling.
 * Any other status says what became of it.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const id = useParams().reservation ?? '';
  const user = useCurrentUser();
  // A card payment confirmed by the provider's webhook or a deposit reviewed by the team shows up without a reload;
  // a settled order is not asked again.
  const [polling, setPolling] = useState(15_000);
  const { data: order, error, isLoading } = useReservation(id, { skip: !id, pollingInterval: polling, skipPollingIfUnfocused: true });
  useEffect(() => {
    if (order) setPolling(order.status === 'reserved' || order.status === 'awaiting_payment' ? 15_000 : 0);
  }, [order]);
  const { data: event } = usePublicEventQuery(order?.eventId ?? '', { skip: !order });
  // A store without a registration form asks only names and e-mails.
  const { data: form } = useEventFormQuery(order?.eventId ?? '', { skip: !order });
  const [setAttendees, saving] = useSetAttendeesMutation();
  const [cancel, cancelling] = useCancelReservationMutation();
  const merchant = useMerchantPay(id);
  const left = useCountdown(order?.holdUntil);

  const [saved, setSaved] = useState<Saved | null>(() => (id ? loadSaved(id) : null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const attendeesClientId = useRef(newClientId());
  // A second click before the button re-renders disabled must not save and open the payment twice.
  const submitting = useRef(false);
  // The data last saved: trying to pay again after a declined card does not write them again.
  const lastSaved = useRef<string | null>(null);

  // The form starts from the signed-in buyer once the order is known.
  useEffect(() => {
    if (order && !saved) setSaved({ form: emptyForm(order, order.buyer ?? (user ? { name: user.displayName, email: user.email } : null)), method: null, step: 'form' });
  }, [order, saved, user]);
  useEffect(() => {
    if (saved && id) sessionStorage.setItem(storageKey(id), JSON.stringify(saved));
  }, [saved, id]);

  if (!id) return <ErrorView status={404} />;
  if (error) return <OrderError error={error} />;
  if (isLoading || !order || !saved) return <LinearProgress aria-label={t('common.loading')} />;

  const fields = form?.fields ?? [];
  const free = order.total === 0;
  // Free tickets are issued at reservation, in the buyer's name: the form may still name each attendee once.
  const naming = order.status === 'paid' && order.paymentMethod === 'free' && !attendeesNamed(order.history);
  const methods: Method[] = [
    ...(order.payment.culqiPublicKey ? (['card'] as const) : []),
    ...(order.payment.merchantId && order.payment.merchantCheckoutUrl ? (['merchant'] as const) : []),
    ...(order.payment.depositInstructions !== null || event?.paymentOptions.includes('bankDeposit') ? (['bankDeposit'] as const) : []),
  ];
  const method = saved.method && methods.includes(saved.method) ? saved.method : (methods[0] ?? null);
  const expiredHere = order.status === 'reserved' && left === 0;
  const open = (order.status === 'reserved' && !expiredHere) || naming;
  // Boleta or factura: asked before paying, where the store offers the choice (a free order has no receipt).
  const askReceipt = order.payment.receiptChoice && !free && !naming;
  const receipt = saved.receipt ?? emptyReceipt();

  const submit = async () => {
    if (submitting.current) return;
    submitting.current = true;
    try {
      await saveAndPay();
    } finally {
      submitting.current = false;
    }
  };

  const saveAndPay = async () => {
    setSubmitError(null);
    const found = { ...validateForm(saved.form, fields, t), ...(askReceipt ? validateReceipt(receipt, t) : {}) };
    setErrors(found);
    if (Object.keys(found).length) return setSubmitError(t('sales.checkout.fixErrors'));
    const payload = { ...formPayload(saved.form, fields), ...(askReceipt ? { receipt: receiptPayload(receipt) } : {}) };
    const typed = JSON.stringify(payload);
    if (typed !== lastSaved.current) {
      try {
        await setAttendees({ id, ...payload, clientId: attendeesClientId.current }).unwrap();
      } catch (err) {
        const body = apiErrorBody(err);
        setErrors(Object.fromEntries((body?.errors ?? []).map((e) => [e.path, e.message])));
        return setSubmitError(apiErrorMessage(err, t('common.unexpectedError')));
      }
      lastSaved.current = typed;
      // Changed data after this is a new write.
      attendeesClientId.current = newClientId();
    }
    if (naming || order.status === 'paid') {
      sessionStorage.removeItem(storageKey(id));
      navigate(`/order/${id}/confirmation`);
      return;
    }
    if (method === 'card') navigate(`/reservationCulqi/${id}`);
    else if (method === 'merchant') await merchant.open(order.payment, order.holdUntil);
    else if (method === 'bankDeposit') setSaved({ ...saved, step: 'deposit' });
  };

  const doCancel = async () => {
    setConfirmCancel(false);
    try {
      await cancel({ id, clientId: newClientId() }).unwrap();
      sessionStorage.removeItem(storageKey(id));
      notify(t('sales.checkout.cancelledDone'), 'success');
    } catch (err) {
      notify(apiErrorMessage(err, t('common.unexpectedError')), 'error');
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800, flex: 1, minWidth: 0 }}>
          {t('sales.checkout.reservationTitle')}
        </Typography>
        <OrderStatusChip status={expiredHere ? 'expired' : order.status} />
      </Box>
      <Box sx={{ mb: 2 }}>
        <EventLine event={event?.data} />
      </Box>

      {open && !naming && left !== null && (
        <Alert severity={left < 60_000 ? 'warning' : 'info'} icon={<TimerIcon />} sx={{ mb: 2 }} data-testid="countdown">
          <AlertTitle>{t('sales.checkout.holdLeft', { time: clock(left) })}</AlertTitle>
          {t('sales.checkout.holdHint')}
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 300px' }, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0, display: 'grid', gap: 2, order: { xs: 2, md: 1 } }}>
          {!open ? (
            <FinalState order={expiredHere ? { ...order, status: 'expired' } : order} eventCode={event?.data.eventCode} />
          ) : saved.step === 'deposit' ? (
            <>
              <DepositUpload
                orderId={id}
                total={order.total}
                currency={order.currency}
                instructions={order.payment.depositInstructions}
                onSent={() => {
                  sessionStorage.removeItem(storageKey(id));
                }}
              />
              <Box>
                <Button onClick={() => setSaved({ ...saved, step: 'form' })}>{t('common.back')}</Button>
              </Box>
            </>
          ) : (
            <>
              <AttendeesForm order={order} fields={fields} value={saved.form} errors={errors} onChange={(f) => setSaved({ ...saved, form: f })} disabled={saving.isLoading} />
              {askReceipt && <ReceiptChoice value={receipt} errors={errors} onChange={(r) => setSaved({ ...saved, receipt: r })} disabled={saving.isLoading} />}
              {free || naming ? (
                <Alert severity="success">{t('sales.checkout.freeOrder')}</Alert>
              ) : (
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }} id="payment-title">
                    {t('sales.checkout.paymentTitle')}
                  </Typography>
                  {methods.length === 0 ? (
                    <Alert severity="warning">{t('sales.checkout.noPaymentMethods')}</Alert>
                  ) : (
                    <RadioGroup aria-labelledby="payment-title" value={method ?? ''} onChange={(e) => setSaved({ ...saved, method: e.target.value as Method })}>
                      {methods.map((m) => (
                        <Box key={m} sx={{ mb: 1 }}>
                          <FormControlLabel value={m} control={<Radio />} label={t(`sales.checkout.method_${m}`)} />
                          <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
                            {t(`sales.checkout.methodHint_${m}`)}
                          </Typography>
                        </Box>
                      ))}
                    </RadioGroup>
                  )}
                </Paper>
              )}
              {submitError && (
                <Alert severity="error" data-testid="submit-error">
                  {submitError}
                </Alert>
              )}
              {merchant.error && method === 'merchant' && (
                <Alert severity="error" data-testid="pay-error" role="alert">
                  {merchant.error}
                </Alert>
              )}
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
                {naming ? (
                  <Button component={RouterLink} to={`/order/${id}/confirmation`}>
                    {t('sales.checkout.skipNaming')}
                  </Button>
                ) : (
                  <Button color="error" onClick={() => setConfirmCancel(true)} disabled={cancelling.isLoading}>
                    {t('sales.checkout.cancelReservation')}
                  </Button>
                )}
                <Button variant="contained" size="large" onClick={submit} disabled={saving.isLoading || merchant.busy || (!naming && !method)} data-testid="checkout-continue">
                  {saving.isLoading
                    ? t('sales.checkout.saving')
                    : merchant.state === 'opening'
                      ? t('sales.checkout.merchantOpening')
                      : merchant.state === 'paying'
                        ? t('sales.checkout.paying')
                        : naming
                          ? t('sales.checkout.saveAttendees')
                          : t('sales.checkout.continueToPay')}
                </Button>
              </Box>
            </>
          )}
        </Box>
        <Box sx={{ order: { xs: 1, md: 2 }, display: 'grid', gap: 1 }}>
          <OrderSummary order={order} />
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('sales.checkout.orderNumber', { id: order._id.slice(0, 8).toUpperCase() })}
          </Typography>
          <OrderHistory history={order.history} timeZone={event?.data.timeZone} />
        </Box>
      </Box>
      <ConfirmDialog
        open={confirmCancel}
        titleId="cancel-reservation-title"
        title={t('sales.checkout.cancelTitle')}
        text={t('sales.checkout.cancelText')}
        onCancel={() => setConfirmCancel(false)}
        cancelLabel={t('sales.checkout.keep')}
        submitLabel={t('sales.checkout.cancelConfirm')}
        onConfirm={doCancel}
        danger
      />
    </Container>
  );
}
