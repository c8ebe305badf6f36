import type { AppContext } from '../../context.js';
import { orderDecider, orderStreamId } from '../../domain/sales/order.js';
import { quotaDecider, quotaStreamId } from '../../domain/sales/quota.js';
import { handleCommand } from '../handle.js';

/**
 * Expires an unpaid reservation whose hold is over and frees its seats on the event's quota. A paid, cancelled
 * or already expired order is left alone (nothing appended). The release is keyed by the order, so a retried job
 * that died between the two appends frees the seats exactly once.
 */
export async function expireOrder(ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>, orderId: string): Promise<{ expired: boolean }> {
  const result = await handleCommand(ctx, {
    streamId: orderStreamId(orderId),
    decider: orderDecider,
    command: { type: 'sales.ExpireOrder', data: { orderId } },
    meta: { commandId: `expire:${orderId}` },
  });
  const state = result.state;
  if (state.status !== 'expired') return { expired: false };
  await handleCommand(ctx, {
    streamId: quotaStreamId(state.eventId),
    decider: quotaDecider,
    command: { type: 'sales.ReleaseSeats', data: { eventId: state.eventId, orderId, reason: 'expired' } },
    meta: { commandId: `expire:${orderId}` },
  });
  return { expired: true };
}
