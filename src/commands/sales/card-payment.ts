import type { AppContext } from '../../context.js';
import type { OrderDto } from '../../contracts/sales.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import type { PaymentMethod } from '../../domain/sales/order.js';
import { messages } from '../../messages/es.js';
import type { ChargeRequest, PaymentProvider, WebhookEvent, WebhookHeaders } from '../../payments/port.js';
import { purchaseNumberOf } from '../../payments/merchant.js';
import { createWebhookInbox } from '../../payments/webhook-inbox.js';
import { loadOrder, loadOrderAt, payOrder, recordLatePaymentRefund, type LiveOrder } from './pay.js';
import { cardProvider, merchantProviderOf } from './providers.js';
import { orderDto } from './reserve.js';
import { loadSaleState } from './sale-state.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'config' | 'redis' | 'logger'>;

const m = messages.sales;

const CULQI_CURRENCIES: string[] = ['PEN', 'USD'];

/** Errors of the payment decision after the money moved: the charge cannot be kept and goes back. */
const GIVE_BACK = new Set(['SEATS_GONE', 'ORDER_NOT_PAYABLE', 'ORDER_ALREADY_PAID', 'WRONG_AMOUNT']);

/**
 * A charge the provider made for an order becomes its payment, or goes back. The one place where money that
 * arrived is decided (card, merchant, their webhooks), so no path can lose it:
 *  - the order is reserved (or awaiting a deposit): paid, tickets issued;
 *  - it expired meanwhile: paid late if its seats can be held again (payOrder's late-payment rule);
 *  - otherwise (seats gone, cancelled, paid by another charge, wrong amount): the charge is refunded through
 *    the provider and the order records `LatePaymentRefunded`; the buyer is told so (409 PAYMENT_REFUNDED).
 * Idempotent by the charge id: the command ids are derived from it (`pay:<charge>`, `late-refund:<charge>`), so a
 * double submit and ten webhook replays change the order once.
 */
export async function settleCharge(
  ctx: Ctx,
  provider: PaymentProvider,
  input: { order: LiveOrder; method: PaymentMethod; chargeId: string; amount: number; attempt?: string; by: string | null },
): Promise<{ order: OrderDto; position: string | null }> {
  const { order, method, chargeId, amount } = input;
  try {
    const r = await payOrder(ctx, { orderId: order.orderId, method, amount, chargeId, attempt: input.attempt, by: input.by });
    return { order: orderDto(r.state), position: r.position };
  } catch (err) {
    if (!(err instanceof DomainError) || !GIVE_BACK.has(err.code)) throw err;
    const reason = err.code === 'ORDER_ALREADY_PAID' ? 'duplicate' : 'requested_by_buyer';
    const refund = await provider.refund({ chargeId, amountMinor: amount, reason, idempotencyKey: `late:${chargeId}` }).catch((refundErr: unknown) => {
      // Nothing is recorded yet: the provider's webhook for this charge (not in the inbox until settled) comes back
      // and tries the refund again; the log names the charge for the team meanwhile.
      ctx.logger.error({ orderId: order.orderId, chargeId, cause: err.code, err: refundErr }, 'sales: a payment to give back could not be refunded yet');
      throw refundErr;
    });
    const r = await recordLatePaymentRefund(ctx, { orderId: order.orderId, method, amount, chargeId, refundId: refund.refundId });
    ctx.logger.warn({ orderId: order.orderId, chargeId, cause: err.code }, 'sales: a payment that could not be honoured was refunded');
    throw new DomainError('PAYMENT_REFUNDED', err.code === 'ORDER_ALREADY_PAID' ? m.paymentRefundedDuplicate : m.paymentRefunded, 409, {
      orderId: order.orderId,
      position: r.position,
    });
  }
}

/** The buyer's payment attempt: a double submit (same client id) is one charge and one answer. */
const attemptKey = (orderId: string, clientId: string) => `order:${orderId}:${clientId}`;

/**
 * The order to pay now: it must exist and be reserved (a free or paid order needs no charge). An order this very
 * attempt already paid (the first of a double submit finished before the second arrived) comes back as `settled`.
 */
async function payableOrder(ctx: Ctx, orderId: string, attempt?: string): Promise<LiveOrder | { settled: LiveOrder; position: string }> {
  const loaded = await loadOrderAt(ctx, orderId);
  if (!loaded) throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  const { order, position } = loaded;
  // The position lets the second of a double submit read its tickets too (read-your-writes on `after`).
  if (order.status === 'paid' && attempt && order.paidAttempt === attempt) return { settled: order, position };
  if (order.status === 'paid') throw new DomainError('ORDER_ALREADY_PAID', m.orderAlreadyPaid, 409);
  // An expired hold is not charged: the buyer reserves again (a charge already on its way is settled above).
  if (order.status === 'expired') throw new DomainError('ORDER_EXPIRED', m.orderExpired, 409);
  // A deposit under review may still be paid by card instead (the voucher then needs no review).
  if (order.status !== 'reserved' && order.status !== 'awaiting_payment') throw new DomainError('ORDER_NOT_PAYABLE', m.orderNotPayable, 409);
  if (order.total === 0) throw new DomainError('ORDER_NOT_PAYABLE', m.orderNotPayable, 409);
  return order;
}

async function describe(ctx: Ctx, order: LiveOrder) {
  const { event } = await loadSaleState(ctx, order.eventId);
  return m.chargeDescription(event?.eventName ?? order.eventId);
}

/**
 * POST reservationCulqi/:id: charges the order's total with the Culqi token the browser made with the event's
 * public key. The idempotency key is the order and the client's attempt id: a double submit charges once (the
 * second gets the first's answer), a new attempt after a decline may charge.
 */
export async function payWithCulqi(ctx: Ctx, input: { orderId: string; token: string; email: string; clientId: string; userId: string | null }) {
  const attempt = attemptKey(input.orderId, input.clientId);
  const order = await payableOrder(ctx, input.orderId, attempt);
  if ('settled' in order) return { order: orderDto(order.settled), position: order.position };
  // Culqi charges soles and dollars only: refused before any call.
  if (!CULQI_CURRENCIES.includes(order.currency)) throw new DomainError('CURRENCY_NOT_SUPPORTED', m.currencyNotSupported, 409);
  const provider = await cardProvider(ctx, order.eventId);
  const charge = await provider.charge(await chargeRequest(ctx, order, { ...input, attempt }, { orderRef: order.orderId, eventId: order.eventId }));
  return settleCharge(ctx, provider, { order, method: 'card', chargeId: charge.chargeId, amount: order.total, attempt, by: input.userId });
}

/** The card charge of an order's whole total, keyed by the buyer's clientId (a retried payment is one charge). */
async function chargeRequest(ctx: Ctx, order: LiveOrder, input: { token: string; email: string; attempt: string }, metadata: ChargeRequest['metadata']): Promise<ChargeRequest> {
  return {
    amountMinor: order.total,
    currency: order.currency,
    sourceToken: input.token,
    email: input.email,
    description: await describe(ctx, order),
    idempotencyKey: input.attempt,
    metadata,
  };
}

/**
 * POST reservation/:id/merchant/session: the session key the merchant provider's browser form needs and, given the
 * client id the payment will carry, the purchase number its authorization will use (the form is configured with it).
 */
export async function merchantSession(ctx: Ctx, input: { orderId: string; clientIp: string; clientId?: string }) {
  const order = await payableOrder(ctx, input.orderId);
  if ('settled' in order) throw new DomainError('ORDER_ALREADY_PAID', m.orderAlreadyPaid, 409);
  const { session } = await merchantProviderOf(ctx, order.eventId);
  const { sessionKey } = await session(order.total, input.clientIp);
  const purchaseNumber = input.clientId ? purchaseNumberOf(attemptKey(input.orderId, input.clientId)) : null;
  return { sessionKey, amount: order.total, currency: order.currency, purchaseRef: order.orderId, purchaseNumber };
}

/** POST reservation/:id/merchant: authorizes the transaction token of the merchant provider's form. */
export async function payWithMerchant(ctx: Ctx, input: { orderId: string; token: string; email: string; clientId: string; userId: string | null }) {
  const attempt = attemptKey(input.orderId, input.clientId);
  const order = await payableOrder(ctx, input.orderId, attempt);
  if ('settled' in order) return { order: orderDto(order.settled), position: order.position };
  const { provider } = await merchantProviderOf(ctx, order.eventId);
  const charge = await provider.charge(await chargeRequest(ctx, order, { ...input, attempt }, { orderRef: order.orderId }));
  return settleCharge(ctx, provider, { order, method: 'merchant', chargeId: charge.chargeId, amount: order.total, attempt, by: input.userId });
}

/**
 * A provider's webhook (POST payments/culqi/webhook, payments/merchant/webhook). It is only a hint: the charge
 * is fetched from the provider again and its own metadata names the order. Acting first, then recording the event
 * in the inbox: the effect is idempotent by the charge id (settleCharge), so a replay arriving meanwhile changes
 * nothing twice, and a failure before the inbox row leaves the provider's retry something to do. An event
 * already in the inbox is acknowledged without any call.
 */
export async function handleWebhook(
  ctx: Ctx,
  input: {
    provider: 'culqi' | 'merchant';
    rawBody: Buffer | string;
    headers: WebhookHeaders;
    parse: (raw: Buffer | string, headers: WebhookHeaders) => WebhookEvent;
    /** The merchant provider's webhooks come per event (its merchant id); Culqi's name the order in the charge. */
    eventId?: string;
  },
): Promise<{ outcome: 'duplicate' | 'ignored' | 'paid' | 'refunded' | 'unchanged' }> {
  const event = input.parse(input.rawBody, input.headers);
  const inbox = createWebhookInbox(ctx.db);
  if (await inbox.seen(event)) return { outcome: 'duplicate' };
  const outcome = await actOn(ctx, input.provider, event, input.eventId);
  await inbox.record(event);
  return { outcome };
}

async function actOn(ctx: Ctx, kind: 'culqi' | 'merchant', event: WebhookEvent, eventId?: string): Promise<'ignored' | 'paid' | 'refunded' | 'unchanged'> {
  if (event.status !== 'paid' || !event.chargeId) return 'ignored';
  let provider: PaymentProvider;
  if (kind === 'culqi') {
    const hinted = event.orderRef ? await loadOrder(ctx, event.orderRef) : null;
    if (!hinted) return 'ignored';
    provider = await cardProvider(ctx, hinted.eventId);
  } else {
    if (!eventId) return 'ignored';
    provider = (await merchantProviderOf(ctx, eventId)).provider;
  }
  const charge = await provider.fetchCharge(event.chargeId);
  // The provider's own record decides: a paid charge, naming an order of this event.
  const orderRef = charge.orderRef ?? charge.metadata.orderRef;
  if (charge.status !== 'paid' || !orderRef || !UUID.test(orderRef)) return 'ignored';
  const order = await loadOrder(ctx, orderRef);
  if (!order || (eventId && order.eventId !== eventId)) return 'ignored';
  if (order.status === 'paid' && order.chargeId === charge.chargeId) return 'unchanged';
  try {
    await settleCharge(ctx, provider, { order, method: kind === 'culqi' ? 'card' : 'merchant', chargeId: charge.chargeId, amount: charge.amountMinor, by: null });
    return 'paid';
  } catch (err) {
    if (err instanceof DomainError && err.code === 'PAYMENT_REFUNDED') return 'refunded';
    throw err;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
