import type { AppContext } from '../../context.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { orderDecider, orderStreamId } from '../../domain/sales/order.js';
import { messages } from '../../messages/es.js';
import { handleCommand } from '../handle.js';
import { loadOrder } from './pay.js';
import { cardProvider, merchantProviderOf } from './providers.js';
import { orderDto, releaseSeats } from './reserve.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'config' | 'redis'>;
const m = messages.sales;

/**
 * The team refunds a paid order in full (order.manage). A card or merchant order is refunded through the
 * provider first (idempotency key `refund:<order>`: a retry never refunds twice, and a provider that refuses
 * leaves the order paid), then the order records OrderRefunded (its tickets are void) and its seats are released.
 * Cash and deposit orders were paid outside Aforo: the refund is recorded as the team gave it back.
 */
export async function refundOrder(ctx: Ctx, input: { orderId: string; reason: string | null; by: string }) {
  const order = await loadOrder(ctx, input.orderId);
  if (!order) throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  if (order.status !== 'paid' && order.status !== 'refunded') throw new DomainError('ORDER_NOT_REFUNDABLE', m.orderNotRefundable, 409);
  let refundId: string | null = null;
  if (order.status === 'paid' && (order.method === 'card' || order.method === 'merchant') && order.chargeId && order.paid > 0) {
    const provider = order.method === 'card' ? await cardProvider(ctx, order.eventId) : (await merchantProviderOf(ctx, order.eventId)).provider;
    const refund = await provider.refund({ chargeId: order.chargeId, amountMinor: order.paid, reason: 'requested_by_buyer', idempotencyKey: `refund:${order.orderId}` });
    refundId = refund.refundId;
  }
  const r = await handleCommand(ctx, {
    streamId: orderStreamId(order.orderId),
    decider: orderDecider,
    command: { type: 'sales.RefundOrder', data: { orderId: order.orderId, refundId, reason: input.reason } },
    meta: { commandId: `refund:${order.orderId}`, userId: input.by },
  });
  await releaseSeats(ctx, order.eventId, order.orderId, 'refunded', `refund:${order.orderId}`);
  return { order: orderDto(r.state), position: r.position };
}
