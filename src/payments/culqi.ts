/**
 * Culqi API v2 (../shared/design/providers.md) over fetch: no npm wrapper (docs/libraries.md). Every name of
 * Culqi's wire format lives in this file, so a change of shape is one edit here.
 */
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

export const CULQI_BASE_URL = 'https://api.culqi.com';

export interface CulqiOptions {
  /** `sk_...`, revealed from the vault by the caller (revealPaymentSecret); never logged. */
  secretKey: string;
  /** Culqi's API host; tests and `npm start` development point it at the local fake. */
  baseUrl?: string;
  timeoutMs?: number;
}

/** Culqi's error object: `user_message` is Spanish for the buyer. */
const culqiError = z.looseObject({
  object: z.literal('error'),
  type: z.string().optional(),
  code: z.string().optional(),
  decline_code: z.string().optional(),
  merchant_message: z.string().optional(),
  user_message: z.string().optional(),
  charge_id: z.string().optional(),
});

const culqiCharge = z.looseObject({
  object: z.literal('charge'),
  id: z.string(),
  amount: z.number().int(),
  amount_refunded: z.number().int().optional(),
  currency_code: z.string().optional(),
  outcome: z.looseObject({ type: z.string(), code: z.string().optional(), merchant_message: z.string().optional() }).optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

const culqiRefund = z.looseObject({ object: z.literal('refund'), id: z.string(), charge_id: z.string(), amount: z.number().int() });

/** `data` is a JSON string in Culqi's webhooks (providers.md); parsed again below. */
const culqiEvent = z.looseObject({ object: z.literal('event'), id: z.string().min(1), type: z.string().min(1), data: z.union([z.string(), z.record(z.string(), z.unknown())]) });

const SUCCESS_OUTCOME = 'venta_exitosa';

/** Culqi's refund reasons. */
const REFUND_REASONS: Record<RefundRequest['reason'], string> = { requested_by_buyer: 'solicitud_comprador', duplicate: 'duplicado', fraudulent: 'fraudulento' };

export function createCulqiProvider(options: CulqiOptions): PaymentProvider {
  const base = (options.baseUrl ?? CULQI_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const headers = { Authorization: `Bearer ${options.secretKey}`, 'Content-Type': 'application/json' };

  const call = (method: string, path: string, body: unknown, movesMoney: boolean) =>
    callProvider('culqi', `${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, { timeoutMs, movesMoney });

  function toError(res: ProviderResponse, fallback: string): PaymentError {
    const parsed = culqiError.safeParse(res.body);
    if (!parsed.success) {
      // No error object (a proxy's page, a 5xx): the provider itself failed.
      return new PaymentError(PROVIDER_UNAVAILABLE, messages.payments.unavailable, 502, 'culqi', `HTTP ${res.status}`);
    }
    const e = parsed.data;
    if (e.type === 'card_error' || res.status === 402) {
      const code = e.decline_code ?? e.code ?? 'card_declined';
      const text = e.user_message ?? messages.payments.declinedBy[code] ?? messages.payments.declined;
      return new PaymentError(code, text, 402, 'culqi', e.merchant_message, e.charge_id);
    }
    // authentication_error (a wrong secret key), invalid_request_error, parameter_error: ours or the organizer's
    // configuration, not the buyer's card. user_message still wins when Culqi gives one.
    const code = e.code ?? e.type ?? 'culqi_error';
    const text = e.user_message ?? (e.type === 'authentication_error' ? messages.payments.notConfigured : fallback);
    return new PaymentError(code, text, 502, 'culqi', e.merchant_message);
  }

  function snapshot(body: unknown): ChargeSnapshot {
    const c = culqiCharge.parse(body);
    const refunded = c.amount_refunded ?? 0;
    const paid = c.outcome?.type === SUCCESS_OUTCOME;
    const metadata = Object.fromEntries(Object.entries(c.metadata ?? {}).map(([k, v]) => [k, String(v)]));
    return {
      chargeId: c.id,
      status: !paid ? 'declined' : refunded >= c.amount ? 'refunded' : refunded > 0 ? 'partially_refunded' : 'paid',
      amountMinor: c.amount,
      amountRefundedMinor: refunded,
      currency: c.currency_code ?? '',
      ...(metadata.orderRef ? { orderRef: metadata.orderRef } : {}),
      metadata,
    };
  }

  function normalise(rawBody: Buffer | string): WebhookEvent | null {
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString());
    } catch {
      return null;
    }
    const ev = culqiEvent.safeParse(json);
    if (!ev.success) return null;
    let data: Record<string, unknown> = {};
    try {
      const d = typeof ev.data.data === 'string' ? JSON.parse(ev.data.data) : ev.data.data;
      if (d && typeof d === 'object') data = d as Record<string, unknown>;
    } catch {
      return null;
    }
    const metadata = (data.metadata && typeof data.metadata === 'object' ? data.metadata : {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    const chargeId = data.object === 'charge' ? str(data.id) : str(data.charge_id);
    const orderRef = str(metadata.orderRef) ?? str(data.order_number);
    return {
      provider: 'culqi',
      eventId: ev.data.id,
      type: ev.data.type,
      ...(chargeId ? { chargeId } : {}),
      ...(orderRef ? { orderRef } : {}),
      status: webhookStatus(ev.data.type, data),
    };
  }

  return {
    name: 'culqi',

    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const res = await call(
        'POST',
        '/v2/charges',
        {
          amount: req.amountMinor,
          currency_code: req.currency,
          email: req.email,
          source_id: req.sourceToken,
          capture: true,
          description: req.description.slice(0, 80),
          // The idempotency key travels in the metadata so a charge of unknown outcome can be found again.
          metadata: { ...req.metadata, idempotencyKey: req.idempotencyKey },
        },
        true,
      );
      if (res.status >= 500) {
        throw new PaymentError(PROVIDER_OUTCOME_UNKNOWN, messages.payments.outcomeUnknown, 502, 'culqi', `HTTP ${res.status}`);
      }
      if (res.status >= 300) throw toError(res, messages.payments.rejected);
      const c = culqiCharge.safeParse(res.body);
      if (!c.success) throw new PaymentError(PROVIDER_OUTCOME_UNKNOWN, messages.payments.outcomeUnknown, 502, 'culqi', 'unexpected charge body');
      if (c.data.outcome?.type !== SUCCESS_OUTCOME) {
        throw new PaymentError(c.data.outcome?.code ?? 'card_declined', messages.payments.declined, 402, 'culqi', c.data.outcome?.merchant_message, c.data.id);
      }
      return { status: 'paid', chargeId: c.data.id, ...(c.data.outcome.merchant_message ? { providerMessage: c.data.outcome.merchant_message } : {}) };
    },

    async refund(req: RefundRequest): Promise<RefundResult> {
      const res = await call('POST', '/v2/refunds', { amount: req.amountMinor, charge_id: req.chargeId, reason: REFUND_REASONS[req.reason] }, true);
      if (res.status >= 500) throw new PaymentError(PROVIDER_OUTCOME_UNKNOWN, messages.payments.refundFailed, 502, 'culqi', `HTTP ${res.status}`);
      if (res.status >= 300) throw toError(res, messages.payments.refundFailed);
      const r = culqiRefund.parse(res.body);
      return { refundId: r.id, chargeId: r.charge_id, amountMinor: r.amount };
    },

    async fetchCharge(chargeId: string): Promise<ChargeSnapshot> {
      const res = await call('GET', `/v2/charges/${encodeURIComponent(chargeId)}`, undefined, false);
      if (res.status === 404) throw new PaymentError('charge_not_found', messages.payments.chargeNotFound, 404, 'culqi');
      if (res.status >= 300) throw toError(res, messages.payments.rejected);
      return snapshot(res.body);
    },

    // Culqi documents no webhook signature (providers.md, unverified): a webhook is only a hint, checked for shape
    // here and acted upon after fetchCharge.
    verifyWebhook(rawBody: Buffer | string, _headers: WebhookHeaders): boolean {
      return normalise(rawBody) !== null;
    },

    parseWebhook(rawBody: Buffer | string, _headers: WebhookHeaders): WebhookEvent {
      const ev = normalise(rawBody);
      if (!ev) throw new PaymentError('WEBHOOK_INVALID', messages.payments.webhookInvalid, 400, 'culqi');
      return ev;
    },
  };
}

/** Culqi's event types and states to ours: orders (`order.status.changed`: data.state) and charges. */
function webhookStatus(type: string, data: Record<string, unknown>): WebhookStatus {
  if (type === 'order.status.changed') {
    const state = data.state;
    if (state === 'paid') return 'paid';
    if (state === 'expired') return 'expired';
    if (state === 'pending' || state === 'created') return 'pending';
    return 'other';
  }
  if (type.startsWith('refund.')) return 'refunded';
  if (type.startsWith('charge.')) {
    const outcome = (data.outcome ?? {}) as { type?: unknown };
    if (outcome.type === SUCCESS_OUTCOME) return 'paid';
    if (type.includes('failed') || outcome.type) return 'declined';
  }
  return 'other';
}
