import type { AppContext } from '../../context.js';
import type { Currency } from '../../contracts/events.js';
import { orderDecider, orderStreamId } from '../../domain/sales/order.js';
import { handleCommand } from '../handle.js';
import { expireOrder } from './expire.js';
import { loadQuota } from './quota-state.js';
import { heldLines } from './reserve.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

/**
 * A reservation holds the seats first and records its order second (src/commands/sales/reserve.ts). A process that
 * dies between the two appends, with no retry from the buyer, leaves a hold without an order, so nothing would
 * ever expire it. Once the hold is over (plus a grace), this finishes the order exactly as the buyer's retry would
 * (same command id, the hold's own lines) and expires it, which frees the seats. A retry arriving later answers
 * that order; one arriving first makes this a no-op (the order exists).
 */
export async function sweepHold(ctx: Ctx, input: { eventId: string; orderId: string; commandId: string }): Promise<{ swept: boolean }> {
  if ((await ctx.store.readStream(orderStreamId(input.orderId), { maxCount: 1 })).length) return { swept: false };
  const held = (await loadQuota(ctx, input.eventId)).holdsByCommand.get(input.commandId);
  if (!held || held.data.orderId !== input.orderId) return { swept: false };
  const currency = held.data.lines[0].currency as Currency;
  await handleCommand(ctx, {
    streamId: orderStreamId(input.orderId),
    decider: orderDecider,
    command: {
      type: 'sales.ReserveOrder',
      data: { orderId: input.orderId, eventId: input.eventId, buyerId: held.data.buyerId, currency, lines: heldLines(held, currency), holdUntil: held.data.holdUntil },
    },
    meta: { commandId: input.commandId, userId: held.data.buyerId ?? undefined },
  });
  const { expired } = await expireOrder(ctx, input.orderId);
  return { swept: expired };
}
