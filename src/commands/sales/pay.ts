import type { AppContext } from '../../context.js';
import { DomainError } from '../../domain/shared/errors.js';
import { orderDecider, orderStreamId, type OrderEvent, type OrderState, type PaymentMethod } from '../../domain/sales/order.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { loadEvent } from '../events/service.js';
import { handleCommand, type CommandResult } from '../handle.js';
import { codeOfOrder } from '../../projections/sales/codes-queries.js';
import { loadCodes } from './codes.js';
import { holdSeats, releaseSeats } from './reserve.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'config'>;
export type LiveOrder = Exclude<OrderState, { status: 'none' }>;

/** The order folded from its stream (null: no such order). */
export async function loadOrder(ctx: Pick<AppContext, 'store'>, orderId: string): Promise<LiveOrder | null> {
  return (await loadOrderAt(ctx, orderId))?.order ?? null;
}

/** The order and the position of its last event (what a reader waits for to see it in the read model). */
export async function loadOrderAt(ctx: Pick<AppContext, 'store'>, orderId: string): Promise<{ order: LiveOrder; position: string } | null> {
  const recorded = (await ctx.store.readStream(orderStreamId(orderId))) as Recorded<OrderEvent>[];
  const state = recorded.reduce(orderDecider.evolve, orderDecider.initialState());
  return state.status === 'none' ? null : { order: state, position: recorded[recorded.length - 1]!.position };
}

/**
 * Records a payment of an order and issues its tickets (OrderPaid + TicketsIssued in one append). Used by every
 * way of paying: offline (cash at the box office, an approved deposit) directly, card and merchant charges once the
 * provider said yes. `chargeId` (a provider's) makes the append idempotent across a double submit and a webhook:
 * the command id is derived from it.
 *
 * The late-payment rule (docs/architecture.md, "Sales"): a payment for an order that expired meanwhile is honoured
 * when its seats can be held again on the event's quota (then paid, marked `late`); otherwise this throws
 * SEATS_GONE and nothing is recorded on the order — card callers then refund the charge and record that
 * (recordLatePaymentRefund), offline callers simply do not take the money.
 */
export async function payOrder(
  ctx: Ctx,
  input: { orderId: string; method: PaymentMethod; amount: number; chargeId?: string; attempt?: string; by: string | null },
): Promise<CommandResult<OrderState, OrderEvent>> {
  const commandId = `pay:${input.chargeId ?? `${input.method}:${input.orderId}`}`;
  const pay = (reheld: boolean) =>
    handleCommand(ctx, {
      streamId: orderStreamId(input.orderId),
      decider: orderDecider,
      command: { type: 'sales.PayOrder', data: { orderId: input.orderId, method: input.method, amount: input.amount, chargeId: input.chargeId, attempt: input.attempt, reheld } },
      meta: { commandId, userId: input.by ?? undefined },
    });
  try {
    return await pay(false);
  } catch (err) {
    if (!(err instanceof DomainError) || err.code !== 'ORDER_EXPIRED') throw err;
  }
  const order = await loadOrder(ctx, input.orderId);
  if (!order) throw new DomainError('ORDER_NOT_FOUND', messages.sales.orderNotFound, 404);
  // Validate the amount before any seat is touched.
  if (input.amount !== order.total) throw new DomainError('WRONG_AMOUNT', messages.sales.wrongAmount, 400);
  const reheld = await holdAgain(ctx, order, `rehold:${commandId}`);
  if (!reheld) throw new DomainError('SEATS_GONE', messages.sales.seatsGone, 409);
  try {
    return await pay(true);
  } catch (err) {
    // Refused after all (a concurrent cancel): the seats taken for it go back.
    await releaseSeats(ctx, order.eventId, order.orderId, 'cancelled', `release:${commandId}`);
    throw err;
  }
}

/** Holds an expired order's seats again (same order id; its first hold was released). False when they are gone. */
async function holdAgain(ctx: Ctx, order: LiveOrder, commandId: string): Promise<boolean> {
  const loaded = await loadEvent(ctx, order.eventId);
  if (!loaded || loaded.state.cancelledAt) return false;
  const event = loaded.state;
  // The expiry's own release may not have run yet: run it here under its command id (`expire:<order>`), so the
  // job's later release is a duplicate and cannot free the seats this payment is about to hold again.
  await releaseSeats(ctx, order.eventId, order.orderId, 'expired', `expire:${order.orderId}`);
  // An order priced with a code takes one of its uses again (its first hold gave it back): no use beyond the limit.
  const used = await codeOfOrder(ctx.db, order.orderId);
  const maxUses = used ? ((await loadCodes(ctx, order.eventId)).codes[used.codeId]?.maxUses ?? null) : null;
  try {
    await holdSeats(
      ctx,
      {
        type: 'sales.HoldSeats',
        data: {
          eventId: order.eventId,
          orderId: order.orderId,
          buyerId: order.buyerId,
          lines: order.lines,
          holdUntil: ctx.clock().toISOString(),
          quantities: Object.fromEntries(event.tickets.map((t) => [t.id, t.quantity])),
          capacity: event.capacity,
          code: used ? { codeId: used.codeId, maxUses } : null,
        },
      },
      { commandId },
    );
    return true;
  } catch (err) {
    if (err instanceof DomainError && (err.code === 'SOLD_OUT' || err.code === 'CODE_EXHAUSTED')) return false;
    throw err;
  }
}

/** Records that a late payment which could not be honoured was given back (the order keeps the trace). */
export async function recordLatePaymentRefund(
  ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>,
  input: { orderId: string; method: PaymentMethod; amount: number; chargeId: string; refundId: string | null },
) {
  return handleCommand(ctx, {
    streamId: orderStreamId(input.orderId),
    decider: orderDecider,
    command: { type: 'sales.RecordLatePaymentRefund', data: input },
    meta: { commandId: `late-refund:${input.chargeId}` },
  });
}
