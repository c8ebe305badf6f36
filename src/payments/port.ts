import { DomainError } from '../domain/shared/errors.js';

/**
 * The payment-provider port: every card provider (Culqi, the "merchant and mode" one) is an adapter behind it, so
 * orders speak one shape. Money is an integer in minor units (céntimos); adapters convert to the wire's form.
 */
export type Currency = 'PEN' | 'USD' | 'EUR';

export interface ChargeRequest {
  amountMinor: number;
  currency: Currency;
  /** The single-use card token made in the browser with the public key; card numbers never reach Aforo. */
  sourceToken: string;
  email: string;
  description: string;
  /** One per payment attempt: a double-submitted attempt charges once (see withIdempotentCharges). */
  idempotencyKey: string;
  /** Small flat strings (the order reference goes in `orderRef`), echoed by the provider on the charge. */
  metadata: Record<string, string>;
}

/**
 * A charge that went through. A declined card is not a result but a PaymentError (402) carrying the provider's
 * decline code and the buyer's Spanish message, so no caller can take a decline for a payment.
 */
export interface ChargeResult {
  status: 'paid';
  chargeId: string;
  /** The provider's own words (for the organizer), never shown to the buyer as is. */
  providerMessage?: string;
}

/** Provider-neutral reasons; each adapter maps them to its provider's names (Culqi: solicitud_comprador, ...). */
export type RefundReason = 'requested_by_buyer' | 'duplicate' | 'fraudulent';

export interface RefundRequest {
  chargeId: string;
  /** Part or all of what is left of the charge. */
  amountMinor: number;
  reason: RefundReason;
  idempotencyKey: string;
}

export interface RefundResult {
  refundId: string;
  chargeId: string;
  amountMinor: number;
}

/** A charge as the provider has it now (webhooks are not trusted: the charge is fetched again before acting). */
export interface ChargeSnapshot {
  chargeId: string;
  status: 'paid' | 'declined' | 'refunded' | 'partially_refunded';
  amountMinor: number;
  amountRefundedMinor: number;
  currency: string;
  orderRef?: string;
  metadata: Record<string, string>;
}

export type WebhookStatus = 'paid' | 'declined' | 'pending' | 'expired' | 'refunded' | 'other';

/** A provider's webhook, normalised. `eventId` is stable across the provider's retries (the de-duplication key). */
export interface WebhookEvent {
  provider: string;
  eventId: string;
  type: string;
  chargeId?: string;
  orderRef?: string;
  status: WebhookStatus;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  /** A short stable name (`culqi`, `niubiz`), the `provider` column of payment_webhooks. */
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  fetchCharge(chargeId: string): Promise<ChargeSnapshot>;
  /** Whether the body and headers are a well-formed (and, where the provider signs them, authentic) webhook. */
  verifyWebhook(rawBody: Buffer | string, headers: WebhookHeaders): boolean;
  /** The normalised event; throws PaymentError `WEBHOOK_INVALID` when verifyWebhook refuses it. */
  parseWebhook(rawBody: Buffer | string, headers: WebhookHeaders): WebhookEvent;
}

/**
 * A payment that did not go through. `code` is the provider's (a decline code such as `insufficient_funds`, or
 * ours: `PROVIDER_UNAVAILABLE`, `PROVIDER_REJECTED`, ...); `messagePublic` is Spanish for the buyer. Never a 500:
 * declines answer 402, an unreachable or misconfigured provider 502.
 */
export class PaymentError extends DomainError {
  constructor(
    code: string,
    messagePublic: string,
    status: number,
    readonly provider: string,
    /** What the provider said to the merchant (logs, the organizer's screens); never a secret or a token. */
    readonly merchantMessage?: string,
    /** Culqi's charge id of a declined charge, when it gives one. */
    readonly chargeId?: string,
  ) {
    super(code, messagePublic, status);
    this.name = 'PaymentError';
  }
}
