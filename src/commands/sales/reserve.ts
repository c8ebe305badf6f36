import type { AppContext } from '../../context.js';
import type { OrderDto, ReserveRequest } from '../../contracts/sales.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { orderDecider, orderStreamId, priceLines, toMinorUnits, type OfferedTicket, type OrderState } from '../../domain/sales/order.js';
import { quotaDecider, quotaStreamId, type HoldSeats, type QuotaEvent, type QuotaState, type SeatsHeld } from '../../domain/sales/quota.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { loadEvent } from '../events/service.js';
import { handleCommand, oneAtATime } from '../handle.js';
import { loadQuota } from './quota-state.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'config'>;

/**
 * Reserves tickets: the seats are held on the event's quota stream first (the guard against overselling,
 * src/domain/sales/quota.ts), then the order is recorded on its own stream. Both appends carry the command id
 * `reserve:<buyer>:<clientId>`, so the buyer's retry with the same client id answers the same order, and a retry after a crash
 * between the two appends finishes the order from the hold (which carries the priced lines).
 *
 * The event's ticket types, prices, windows and capacity come from the events module's command side
 * (`loadEvent`: the current stream, not a lagging read model, since they cap what may be sold).
 */
export async function reserveOrder(
  ctx: Ctx,
  input: Pick<ReserveRequest, 'eventCode' | 'eventId' | 'lines' | 'clientId'> & { buyerId: string | null },
): Promise<{ order: OrderDto; position: string | null; duplicate: boolean }> {
  const notOnSale = () => new NotFoundError('EVENT_NOT_ON_SALE', messages.sales.eventNotOnSale);
  const eventId = input.eventId ?? (await findEvent(ctx.db, input.eventCode!))?.id;
  if (!eventId) throw notOnSale();
  const loaded = await loadEvent(ctx, eventId);
  if (!loaded || !loaded.state.published || loaded.state.cancelledAt) throw notOnSale();
  const event = loaded.state;
  const offer: OfferedTicket[] = event.tickets.map((t) => ({
    ticketTypeId: t.id,
    name: t.name,
    unitPrice: toMinorUnits(t.price),
    saleStart: t.saleStart,
    saleEnd: t.saleEnd,
    minPerOrder: t.minPerOrder,
    maxPerOrder: t.maxPerOrder,
    visibility: t.visibility,
  }));
  const now = ctx.clock();
  // An event that has ended sells nothing, whatever its ticket types' windows say.
  if (Date.parse(event.endDate) <= now.getTime()) throw notOnSale();
  // Refuses unknown types, closed windows and per-order limits before any seat is touched.
  const lines = priceLines(offer, input.lines, event.currency, now);
  const holdUntil = new Date(now.getTime() + ctx.config.salesHoldSeconds * 1000).toISOString();
  // A client id is an idempotency key of its buyer only: another buyer's retry is not a retry.
  const commandId = `reserve:${input.buyerId ?? 'anonymous'}:${input.clientId}`;

  // This process's reservations of one event wait for each other: decided in parallel on one cached state, all
  // but one would fail their append.
  const hold = await oneAtATime(ctx.store, quotaStreamId(eventId), () => holdSeats(ctx, eventId, commandId, {
    streamId: quotaStreamId(eventId),
    command: {
      type: 'sales.HoldSeats',
      data: {
        eventId,
        orderId: ctx.newId(),
        buyerId: input.buyerId,
        lines,
        holdUntil,
        quantities: Object.fromEntries(event.tickets.map((t) => [t.id, t.quantity])),
        capacity: event.capacity,
      },
    },
    meta: { commandId, userId: input.buyerId ?? undefined },
  }));
  const held = hold.events.find((e): e is SeatsHeld => e.type === 'sales.SeatsHeld');
  if (!held) throw notOnSale();
  const { orderId } = held.data;

  try {
    const order = await handleCommand(ctx, {
      streamId: orderStreamId(orderId),
      decider: orderDecider,
      command: {
        type: 'sales.ReserveOrder',
        data: {
          orderId,
          eventId,
          buyerId: held.data.buyerId,
          currency: event.currency,
          offer,
          lines: held.data.lines.map((l) => ({ ticketTypeId: l.ticketTypeId, quantity: l.quantity })),
          holdUntil: held.data.holdUntil,
        },
      },
      meta: { commandId, userId: input.buyerId ?? undefined },
    });
    return { order: orderDto(order.state), position: order.position, duplicate: hold.duplicate && order.duplicate };
  } catch (err) {
    // The order was refused after its seats were held (a sale window closed in between, or on a retry after a
    // crash between the two appends): free them. Releasing is idempotent (no hold, no event; same command id).
    await handleCommand(ctx, {
      streamId: quotaStreamId(eventId),
      decider: quotaDecider,
      command: { type: 'sales.ReleaseSeats', data: { eventId, orderId, reason: 'cancelled' } },
      meta: { commandId: `release:${orderId}` },
    });
    throw err;
  }
}

/** Found the command id's earlier hold while loading: the reservation is a retry. */
class AlreadyHeld extends Error {
  constructor(readonly held: SeatsHeld) {
    super('already held');
  }
}

/**
 * The guarded append: the quota state comes from this process's cache (./quota-state.ts) at its exact version,
 * so a concurrent hold from anywhere makes the append fail and the command is decided again on the new tail. A
 * command id already in the stream answers its first hold before anything is decided (a retry must get its order
 * back even if the event sold out since).
 */
async function holdSeats(
  ctx: Ctx,
  eventId: string,
  commandId: string,
  args: Omit<Parameters<typeof handleCommand<HoldSeats, QuotaEvent, QuotaState>>[1], 'decider' | 'load'>,
): Promise<{ events: QuotaEvent[]; duplicate: boolean }> {
  try {
    return await handleCommand(ctx, {
      ...args,
      decider: quotaDecider,
      load: async () => {
        const quota = await loadQuota(ctx, eventId);
        const earlier = quota.holdsByCommand.get(commandId);
        if (earlier) throw new AlreadyHeld(earlier);
        return { state: quota.state, version: quota.version };
      },
    });
  } catch (err) {
    if (err instanceof AlreadyHeld) return { events: [err.held], duplicate: true };
    throw err;
  }
}

/** The answer's order, from the command's own state (the read model may not have it yet). */
export function orderDto(state: OrderState): OrderDto {
  if (state.status === 'none') throw new NotFoundError('ORDER_NOT_FOUND', messages.sales.orderNotFound);
  return {
    _id: state.orderId,
    eventId: state.eventId,
    buyerId: state.buyerId,
    status: state.status,
    lines: state.lines,
    currency: state.currency,
    total: state.total,
    holdUntil: state.holdUntil,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}
