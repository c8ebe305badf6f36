import { useTheme } from '@mui/material/styles';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MerchantSessionDto, OrderPaymentDto } from '@contracts/sales';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { useTranslation } from '../../../i18n';
import { useMerchantSessionMutation, usePayMerchantMutation } from './api';

/** What the provider's form hands back (Niubiz's `complete`). */
interface CompleteParams {
  transactionToken?: unknown;
  channel?: unknown;
  customerEmail?: unknown;
}
/** The part of Niubiz's checkout script (`window.VisanetCheckout`) the page uses. */
interface VisanetCheckout {
  configure(options: {
    sessiontoken: string;
    channel: 'web';
    merchantid: string;
    purchasenumber: string;
    /** Decimal units (25.5), not minor units. */
    amount: number;
    expirationminutes: number;
    timeouturl: string;
    action: string;
    formbuttoncolor?: string;
    complete(params: CompleteParams): void;
    cancel?(): void;
  }): void;
  open(): void;
}
const checkoutOf = (w: Window) => (w as Window & { VisanetCheckout?: VisanetCheckout }).VisanetCheckout;

/** One load per script URL for the whole app; a failed load is forgotten so the next attempt tries again. */
const loads = new Map<string, Promise<VisanetCheckout>>();
function loadCheckout(src: string): Promise<VisanetCheckout> {
  let loading = loads.get(src);
  if (!loading) {
    loading = new Promise<VisanetCheckout>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => {
        const checkout = checkoutOf(window);
        if (checkout) resolve(checkout);
        else reject(new Error('checkout script without VisanetCheckout'));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error('checkout script not loaded'));
      };
      document.head.append(script);
    });
    loading.catch(() => loads.delete(src));
    loads.set(src, loading);
  }
  return loading;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Niubiz's form session lasts at most this long; never past the reservation's hold. */
const FORM_MINUTES = 20;

export type MerchantPayState = 'idle' | 'opening' | 'open' | 'paying';

/**
 * Pays a reservation with the second card provider (the `merchant` method, Niubiz-shaped), as its web checkout
 * works: the provider's checkout script (`payment.merchantCheckoutUrl`, loaded once) opens ITS card form with a
 * session key Aforo asks for (`POST reservation/:id/merchant/session`); the card never reaches Aforo. The form's
 * `complete` hands back a transaction token, sent to `POST reservation/:id/merchant` with the client id the session
 * was asked with (so the form's purchase number is the authorization's). `open` ignores a call while one is being
 * prepared or paid: a double click pays once. A decline or provider error shows the server's Spanish message.
 */
export function useMerchantPay(orderId: string) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const [session] = useMerchantSessionMutation();
  const [payMerchant] = usePayMerchantMutation();
  const [state, setState] = useState<MerchantPayState>('idle');
  const [error, setError] = useState<string | null>(null);
  // Set synchronously: a second click before the re-render, or a second `complete`, does nothing.
  const inFlight = useRef(false);

  const complete = useCallback(
    async (clientId: string, params: CompleteParams) => {
      if (inFlight.current) return;
      const transactionToken = typeof params.transactionToken === 'string' ? params.transactionToken : '';
      if (!transactionToken) {
        setState('idle');
        setError(t('sales.checkout.cardDeclined'));
        return;
      }
      inFlight.current = true;
      setState('paying');
      try {
        const email = typeof params.customerEmail === 'string' && EMAIL.test(params.customerEmail.trim()) ? params.customerEmail.trim() : undefined;
        await payMerchant({ id: orderId, transactionToken, clientId, ...(email ? { email } : {}) }).unwrap();
        navigate(`/order/${orderId}/confirmation`);
      } catch (err) {
        setError(apiErrorMessage(err, t('sales.checkout.cardDeclined')));
      } finally {
        inFlight.current = false;
        setState('idle');
      }
    },
    [orderId, payMerchant, navigate, t],
  );

  const open = useCallback(
    async (payment: OrderPaymentDto, holdUntil: string) => {
      if (inFlight.current || !payment.merchantCheckoutUrl) return;
      inFlight.current = true;
      setError(null);
      setState('opening');
      // One payment attempt per opened form: its own client id, purchase number and, on pay, idempotency key.
      const clientId = newClientId();
      try {
        let ready: [VisanetCheckout, MerchantSessionDto];
        try {
          ready = await Promise.all([loadCheckout(payment.merchantCheckoutUrl), session({ id: orderId, clientId }).unwrap()]);
        } catch (err) {
          // The server's Spanish message (not configured, already paid...), or the script that did not load.
          setError(apiErrorMessage(err, t('sales.checkout.cardUnavailable')));
          setState('idle');
          return;
        }
        const [checkout, s] = ready;
        const left = Math.floor((new Date(holdUntil).getTime() - Date.now()) / 60_000);
        checkout.configure({
          sessiontoken: s.sessionKey,
          channel: 'web',
          merchantid: s.merchantId ?? payment.merchantId ?? '',
          purchasenumber: s.purchaseNumber ?? '',
          amount: s.amount / 100,
          expirationminutes: Math.max(1, Math.min(FORM_MINUTES, left)),
          // When the form's time runs out, back to the reservation (which tells whether it still holds).
          timeouturl: `${window.location.origin}/reservation/${orderId}`,
          action: `${window.location.origin}/reservation/${orderId}`,
          formbuttoncolor: theme.palette.primary.main,
          complete: (params) => void complete(clientId, params),
          cancel: () => setState('idle'),
        });
        checkout.open();
        setState('open');
      } catch {
        setError(t('sales.checkout.cardUnavailable'));
        setState('idle');
      } finally {
        inFlight.current = false;
      }
    },
    [orderId, session, complete, theme, t],
  );

  return { open, state, busy: state === 'opening' || state === 'paying', error };
}
