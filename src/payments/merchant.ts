/**
 * The second card provider, "merchant and mode" (an event's `{kind:'merchant', merchantId, mode}`): Niubiz fits
 * (providers.md). Flow: a security token from the API user's credentials, a session token for the merchant (the
 * browser's checkout form needs it, see createSession), then an authorization with the transaction token the form
 * returns. providers.md marks these shapes unverified: every Niubiz name lives in NIUBIZ and the parsers below,
 * so a correction is one edit here.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { messages } from '../messages/es.js';
import { PROVIDER_OUTCOME_UNKNOWN, PROVIDER_UNAVAILABLE, callProvider, type ProviderResponse } from './http.js';
import {
  PaymentError,
  type ChargeRequest,
  type ChargeResult,
  type ChargeSnapshot,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
  type WebhookEvent,
  type WebhookHeaders,
  type WebhookStatus,
} from './port.js';

/** Hosts, paths and names of Niubiz's API (unverified). */
export const NIUBIZ = {
  hosts: { sandbox: 'https://apisandbox.vnforappstest.com', production: 'https://apiprod.vnforapps.com' },
  /** The browser's checkout script (it defines `window.VisanetCheckout`, whose form hands back the transaction token). */
  checkoutScripts: { sandbox: 'https://static-content-qas.vnforapps.com/v2/js/checkout.js', production: 'https://static-content.vnforapps.com/v2/js/checkout.js' },
  security: '/api.security/v1/security',
  session: (merchantId: string) => `/api.ecommerce/v2/ecommerce/token/session/${merchantId}`,
  authorization: (merchantId: string) => `/api.authorization/v3/authorization/ecommerce/${merchantId}`,
  retrieve: (merchantId: string, transactionId: string) => `/api.authorization/v3/retrieve/transaction/${merchantId}/${transactionId}`,
  refund: (merchantId: string, transactionId: string) => `/api.refund/v1/refund/${merchantId}/${transactionId}`,
  signatureHeader: 'x-niubiz-signature',
  approved: '000',
  /** ACTION_CODE -> the decline codes Culqi uses too, so the buyer's texts (messages.payments.declinedBy) are shared. */
  declineCodes: { '116': 'insufficient_funds', '101': 'expired_card', '129': 'invalid_cvv', '208': 'lost_card', '209': 'stolen_card', '263': 'fraudulent' } as Record<string, string>,
} as const;

/** The checkout script the buyer's browser loads for an event in this mode; `override` (MERCHANT_CHECKOUT_URL) wins. */
export const merchantCheckoutScript = (mode: 'sandbox' | 'production', override?: string) => override ?? NIUBIZ.checkoutScripts[mode];

/** The origins the checkout script may come from (and frame its form from): the CSP's script-src and frame-src. */
export const merchantCheckoutOrigins = (override?: string) => [...new Set((override ? [override] : Object.values(NIUBIZ.checkoutScripts)).map((u) => new URL(u).origin))];

export interface MerchantOptions {
  merchantId: string;
  mode: 'sandbox' | 'production';
  /** The API user's credentials (Basic auth of the security call); never logged. */
  credentials: { user: string; password: string };
  /** Signs webhooks (HMAC-SHA256 of the raw body, hex, in NIUBIZ.signatureHeader). */
  webhookSecret: string;
  /** Overrides the mode's host: tests and development point it at the local fake. */
  baseUrl?: string;
  timeoutMs?: number;
}

const dataMap = z.looseObject({ STATUS: z.string().optional(), ACTION_CODE: z.string().optional(), ACTION_DESCRIPTION: z.string().optional() });
const authorization = z.looseObject({
  order: z.looseObject({
    purchaseNumber: z.string(),
    amount: z.number(),
    currency: z.string(),
    actionCode: z.string(),
    transactionId: z.string(),
    authorizedAmount: z.number().optional(),
  }),
  dataMap: dataMap.optional(),
});
const niubizError = z.looseObject({ errorCode: z.union([z.number(), z.string()]).optional(), errorMessage: z.string().optional(), data: dataMap.optional() });
const transaction = z.looseObject({
  transactionId: z.string(),
  purchaseNumber: z.string(),
  amount: z.number(),
  refundedAmount: z.number().optional(),
  currency: z.string(),
  status: z.string(),
  metadata: z.record(z.string(), z.string()).optional(),
});
const refundBody = z.looseObject({ refundId: z.string(), transactionId: z.string(), amount: z.number() });
const webhookBody = z.looseObject({ eventId: z.string().min(1), eventType: z.string().min(1), transactionId: z.string().optional(), purchaseNumber: z.string().optional(), status: z.string() });

/** Niubiz speaks decimal units (100.00); Aforo integers in minor units. */
const toDecimal = (minor: number) => Number((minor / 100).toFixed(2));
const toMinor = (decimal: number) => Math.round(decimal * 100);

/** Niubiz's purchase number is numeric (up to 12 digits): derived from the idempotency key, so a retry repeats it. */
export const purchaseNumberOf = (idempotencyKey: string) =>
  (BigInt('0x' + createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 15)) % 10n ** 12n).toString().padStart(12, '0');

export function createMerchantProvider(options: MerchantOptions): PaymentProvider & { createSession(amountMinor: number, clientIp: string): Promise<{ sessionKey: string }> } {
  const base = (options.baseUrl ?? NIUBIZ.hosts[options.mode]).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const { merchantId } = options;
  let accessToken: { value: string; until: number } | null = null;

  async function securityToken(): Promise<string> {
    if (accessToken && accessToken.until > Date.now()) return accessToken.value;
    const basic = Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64');
    const res = await callProvider('niubiz', base + NIUBIZ.security, { method: 'GET', headers: { Authorization: `Basic ${basic}` } }, { timeoutMs, movesMoney: false });
    if (res.status !== 200 && res.status !== 201) {
      throw new PaymentError(res.status === 401 ? 'authentication_error' : PROVIDER_UNAVAILABLE, res.status === 401 ? messages.payments.notConfigured : messages.payments.unavailable, 502, 'niubiz', `security HTTP ${res.status}`);
    }
    // Tokens last an hour; renewed a little before.
    accessToken = { value: String(res.body), until: Date.now() + 50 * 60_000 };
    return accessToken.value;
  }

  async function call(method: string, path: string, body: unknown, movesMoney: boolean): Promise<ProviderResponse> {
    const send = async () =>
      callProvider('niubiz', base + path, { method, headers: { Authorization: await securityToken(), 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }, { timeoutMs, movesMoney });
    const res = await send();
    if (res.status !== 401) return res;
    // An expired security token: refused before anything happened, so one retry with a new token is safe.
    accessToken = null;
    return send();
  }

  function declineError(res: ProviderResponse, fallback: string): PaymentError {
    const e = niubizError.safeParse(res.body);
    const action = e.success ? e.data.data?.ACTION_CODE : undefined;
    if (action && action !== NIUBIZ.approved) {
      const code = NIUBIZ.declineCodes[action] ?? 'card_declined';
      return new PaymentError(code, messages.payments.declinedBy[code] ?? messages.payments.declined, 402, 'niubiz', `${action} ${e.success ? (e.data.data?.ACTION_DESCRIPTION ?? '') : ''}`.trim());
    }
    if (res.status >= 500 || !e.success) return new PaymentError(PROVIDER_UNAVAILABLE, messages.payments.unavailable, 502, 'niubiz', `HTTP ${res.status}`);
    return new PaymentError(String(e.data.errorCode ?? 'niubiz_error'), fallback, 502, 'niubiz', e.data.errorMessage);
  }

  function normalise(rawBody: Buffer | string, headers: WebhookHeaders): WebhookEvent | null {
    const given = headers[NIUBIZ.signatureHeader];
    const signature = Array.isArray(given) ? given[0] : given;
    if (!signature) return null;
    const expected = createHmac('sha256', options.webhookSecret).update(rawBody).digest();
    const got = Buffer.from(signature, 'hex');
    if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString());
    } catch {
      return null;
    }
    const w = webhookBody.safeParse(json);
    if (!w.success) return null;
    return {
      provider: 'niubiz',
      eventId: w.data.eventId,
      type: w.data.eventType,
      ...(w.data.transactionId ? { chargeId: w.data.transactionId } : {}),
      ...(w.data.purchaseNumber ? { orderRef: w.data.purchaseNumber } : {}),
      status: statusOf(w.data.status),
    };
  }

  return {
    name: 'niubiz',

    async createSession(amountMinor: number, clientIp: string) {
      const res = await call('POST', NIUBIZ.session(merchantId), { channel: 'web', amount: toDecimal(amountMinor), antifraud: { clientIp } }, false);
      const s = z.looseObject({ sessionKey: z.string() }).safeParse(res.body);
      if (res.status >= 300 || !s.success) throw declineError(res, messages.payments.rejected);
      return { sessionKey: s.data.sessionKey };
    },

    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const res = await call(
        'POST',
        NIUBIZ.authorization(merchantId),
        {
          channel: 'web',
          captureType: 'manual',
          countable: true,
          order: { tokenId: req.sourceToken, purchaseNumber: purchaseNumberOf(req.idempotencyKey), amount: toDecimal(req.amountMinor), currency: req.currency },
          dataMap: { email: req.email, description: req.description.slice(0, 80), ...req.metadata },
        },
        true,
      );
      if (res.status >= 500) throw new PaymentError(PROVIDER_OUTCOME_UNKNOWN, messages.payments.outcomeUnknown, 502, 'niubiz', `HTTP ${res.status}`);
      if (res.status >= 300) throw declineError(res, messages.payments.rejected);
      const a = authorization.safeParse(res.body);
      if (!a.success) throw new PaymentError(PROVIDER_OUTCOME_UNKNOWN, messages.payments.outcomeUnknown, 502, 'niubiz', 'unexpected authorization body');
      if (a.data.order.actionCode !== NIUBIZ.approved) throw declineError({ status: 400, body: { data: { ACTION_CODE: a.data.order.actionCode } } }, messages.payments.rejected);
      return { status: 'paid', chargeId: a.data.order.transactionId, ...(a.data.dataMap?.ACTION_DESCRIPTION ? { providerMessage: a.data.dataMap.ACTION_DESCRIPTION } : {}) };
    },

    async refund(req: RefundRequest): Promise<RefundResult> {
      const res = await call('POST', NIUBIZ.refund(merchantId, encodeURIComponent(req.chargeId)), { amount: toDecimal(req.amountMinor), reason: req.reason }, true);
      if (res.status >= 500) throw new PaymentError(PROVIDER_OUTCOME_UNKNOWN, messages.payments.refundFailed, 502, 'niubiz', `HTTP ${res.status}`);
      if (res.status >= 300) throw declineError(res, messages.payments.refundFailed);
      const r = refundBody.parse(res.body);
      return { refundId: r.refundId, chargeId: r.transactionId, amountMinor: toMinor(r.amount) };
    },

    async fetchCharge(chargeId: string): Promise<ChargeSnapshot> {
      const res = await call('GET', NIUBIZ.retrieve(merchantId, encodeURIComponent(chargeId)), undefined, false);
      if (res.status === 404) throw new PaymentError('charge_not_found', messages.payments.chargeNotFound, 404, 'niubiz');
      if (res.status >= 300) throw declineError(res, messages.payments.rejected);
      const t = transaction.parse(res.body);
      const amountMinor = toMinor(t.amount);
      const refunded = toMinor(t.refundedAmount ?? 0);
      const authorized = t.status === 'Authorized' || t.status === 'Refunded';
      return {
        chargeId: t.transactionId,
        status: !authorized ? 'declined' : refunded >= amountMinor ? 'refunded' : refunded > 0 ? 'partially_refunded' : 'paid',
        amountMinor,
        amountRefundedMinor: refunded,
        currency: t.currency,
        ...(t.metadata?.orderRef ? { orderRef: t.metadata.orderRef } : {}),
        metadata: t.metadata ?? {},
      };
    },

    verifyWebhook: (rawBody, headers) => normalise(rawBody, headers) !== null,

    parseWebhook(rawBody, headers) {
      const ev = normalise(rawBody, headers);
      if (!ev) throw new PaymentError('WEBHOOK_INVALID', messages.payments.webhookInvalid, 400, 'niubiz');
      return ev;
    },
  };
}

function statusOf(status: string): WebhookStatus {
  if (status === 'Authorized') return 'paid';
  if (status === 'Not Authorized') return 'declined';
  if (status === 'Refunded' || status === 'Voided') return 'refunded';
  return 'other';
}
