import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/api';
import { ConfirmDialog } from '../../../components/FormDialogActions';
import { markOwnAction } from '../../../app/ownActions';
import { showSnackbar } from '../../../app/snackbar';
import { useAppDispatch } from '../../../app/store';
import { eventsApi, useUpdateEventMutation } from '../api';

/** Spec section 9: publish success shows after 1000 ms; publish snackbars last 5000 ms. */
export const PUBLISH_SUCCESS_DELAY = 1000;
export const PUBLISH_SNACKBAR_TIMEOUT = 5000;

type Step = 'noTicket' | 'confirmFree' | 'noPayment' | 'confirm' | 'loading' | null;

export interface PublishFlowProps {
  eventId: string;
  /** A published event shows no button; the dialogs of a publish in progress stay until it ends. */
  published?: boolean;
  /** Links of the prompts: the tickets page and the payment-method settings page. */
  ticketsPath: string;
  paymentPath: string;
  size?: 'small' | 'medium' | 'large';
}

/**
 * The publish button and its dialogs, checked in the spec's order: (1) no ticket -> prompt to create one;
 * (2) maximum ticket price 0 -> confirm, no payment method needed; (3) no payment method -> prompt to
 * configure one; (4) otherwise confirm. The server applies the same rules; this only explains them.
 */
export function PublishFlow({ eventId, published = false, ticketsPath, paymentPath, size = 'medium' }: PublishFlowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<Step>(null);
  // Which confirm was shown: its text must not switch while the dialog fades out into the loading one.
  const [freeConfirm, setFreeConfirm] = useState(false);
  const [checking, setChecking] = useState(false);
  const [eventCode, setEventCode] = useState<string | null>(null);
  const [updateEvent] = useUpdateEventMutation();

  const start = async () => {
    setChecking(true);
    // Fresh figures: a ticket or payment method may have been added in another tab.
    const r = await dispatch(eventsApi.endpoints.eventInformation.initiate(eventId, { forceRefetch: true }));
    setChecking(false);
    if (!r.data) {
      dispatch(showSnackbar({ text: apiErrorMessage(r.error, t('common.unexpectedError')), severity: 'error', timeout: PUBLISH_SNACKBAR_TIMEOUT }));
      return;
    }
    const { ticket, methods } = r.data;
    setEventCode(r.data.data.eventCode);
    if (ticket.quantity === 0) setStep('noTicket');
    else if (methods === 0 && ticket.maximumPrice > 0) setStep('noPayment');
    else {
      setFreeConfirm(ticket.maximumPrice === 0);
      setStep(ticket.maximumPrice === 0 ? 'confirmFree' : 'confirm');
    }
  };

  const publish = async () => {
    setStep('loading');
    // The owner's own "event published" notification must not cover the toolbar next to this confirmation.
    if (eventCode) markOwnAction('eventPublished', `/e/${encodeURIComponent(eventCode)}`);
    try {
      await updateEvent({ id: eventId, body: { published: true } }).unwrap();
      await new Promise((r) => setTimeout(r, PUBLISH_SUCCESS_DELAY));
      setStep(null);
      dispatch(showSnackbar({ text: t('events.publish.success'), severity: 'success', timeout: PUBLISH_SNACKBAR_TIMEOUT }));
    } catch (error) {
      setStep(null);
      dispatch(showSnackbar({ text: apiErrorMessage(error, t('common.unexpectedError')), severity: 'error', timeout: PUBLISH_SNACKBAR_TIMEOUT }));
    }
  };

  const close = () => setStep(null);
  const go = (path: string) => {
    setStep(null);
    navigate(path);
  };

  return (
    <>
      {!published && (
        <Button
          variant="contained"
          color="primary"
          size={size}
          startIcon={checking ? <CircularProgress size={16} color="inherit" /> : <CampaignIcon />}
          disabled={checking || step === 'loading'}
          onClick={() => void start()}
          data-testid="publish-event"
        >
          {t('events.publish.button')}
        </Button>
      )}

      {/* Confirm dialogs cannot be dismissed by an outside click (spec section 4). */}
      <ConfirmDialog
        strict
        open={step === 'noTicket'}
        onCancel={close}
        titleId="publish-no-ticket"
        title={t('events.publish.noTicketTitle')}
        text={t('events.publish.noTicketText')}
        onConfirm={() => go(ticketsPath)}
        submitLabel={t('events.publish.createTicket')}
      />
      <ConfirmDialog
        strict
        open={step === 'noPayment'}
        onCancel={close}
        titleId="publish-no-payment"
        title={t('events.publish.noPaymentTitle')}
        text={t('events.publish.noPaymentText')}
        onConfirm={() => go(paymentPath)}
        submitLabel={t('events.publish.configurePayment')}
      />
      <ConfirmDialog
        strict
        open={step === 'confirm' || step === 'confirmFree'}
        onCancel={close}
        titleId="publish-confirm"
        title={t('events.publish.confirmTitle')}
        text={freeConfirm ? t('events.publish.confirmFreeText') : t('events.publish.confirmText')}
        onConfirm={() => void publish()}
        submitLabel={t('events.publish.confirmButton')}
        submitTestId="publish-confirm"
      />

      <Dialog open={step === 'loading'} aria-labelledby="publish-loading" maxWidth="xs" fullWidth>
        <DialogContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1 }}>
            <CircularProgress size={28} />
            <Typography id="publish-loading">{t('events.publish.loading')}</Typography>
          </Box>
        </DialogContent>
      </Dialog>
    </>
  );
}
