import type { AppContext } from '../../context.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { orderDecider, orderStreamId } from '../../domain/sales/order.js';
import { messages } from '../../messages/es.js';
import { handleCommand } from '../handle.js';
import { orderDto, releaseSeats } from './reserve.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
const m = messages.sales;

/**
 * Cancels an order and frees its seats. The buyer cancels a reservation (or a deposit under review); the event's
 * team (order.manage) may also cancel a paid order without giving money back (a refund is refundOrder). The
 * release is keyed by the order, so a retry that died between the two appends frees the seats exactly once.
 */
export async function cancelOrder(ctx: Ctx, input: { orderId: string; reason: string | null; by: string | null; byTeam: boolean }) {
  const r = await handleCommand(ctx, {
    streamId: orderStreamId(input.orderId),
    decider: orderDecider,
    command: { type: 'sales.CancelOrder', data: { orderId: input.orderId, reason: input.reason, byTeam: input.byTeam } },
    meta: { commandId: `cancel:${input.orderId}`, userId: input.by ?? undefined },
  });
  if (r.state.status === 'none') throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  if (r.state.status !== 'cancelled') throw new DomainError('ORDER_NOT_CANCELLABLE', m.orderNotCancellable, 409);
  await releaseSeats(ctx, r.state.eventId, input.orderId, 'cancelled', `cancel:${input.orderId}`);
  return { order: orderDto(r.state), position: r.position };
}
