import type { AppContext } from '../../context.js';
import type { JoinWaitlistRequest } from '../../contracts/sales-codes.js';
import { orderDecider, orderStreamId, type OrderEvent } from '../../domain/sales/order.js';
import type { QuotaState } from '../../domain/sales/quota.js';
import { firstFitting, waitlistDecider, waitlistStreamId, type WaitlistEvent, type WaitlistListState } from '../../domain/sales/waitlist.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import type { CreatedEvent } from '../../domain/events/event.js';
import { loadEvent } from '../events/service.js';
import { handleCommand, oneAtATime } from '../handle.js';
import { loadQuota } from './quota-state.js';
import { reserveOrder } from './reserve.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'config'>;

export async function loadWaitlist(ctx: Pick<AppContext, 'store'>, eventId: string): Promise<WaitlistListState> {
  const recorded = (await ctx.store.readStream(waitlistStreamId(eventId))) as Recorded<WaitlistEvent>[];
  return recorded.reduce(waitlistDecider.evolve, waitlistDecider.initialState());
}

/** Seats of a ticket type a buyer could reserve now: its own quota and the event's shared capacity. */
export function seatsLeft(event: Pick<CreatedEvent, 'tickets' | 'capacity'>, quota: QuotaState, ticketTypeId: string): number {
  const t = event.tickets.find((x) => x.id === ticketTypeId);
  if (!t) return 0;
  const ofType = t.quantity - (quota.byType[ticketTypeId] ?? 0);
  const ofEvent = event.capacity === null ? Infinity : event.capacity - quota.total;
  return Math.max(0, Math.min(ofType, ofEvent));
}

/** Joins the waiting list of a sold-out public ticket type with a group; the client id is the entry's id. */
export async function joinWaitlist(ctx: Ctx, input: { eventCode: string; body: JoinWaitlistRequest; userId: string | null }) {
  const notOnSale = () => new NotFoundError('EVENT_NOT_ON_SALE', messages.sales.eventNotOnSale);
  const eventId = (await findEvent(ctx.db, input.eventCode))?.id;
  const loaded = eventId ? await loadEvent(ctx, eventId) : null;
  if (!eventId || !loaded || !loaded.state.published || loaded.state.cancelledAt) throw notOnSale();
  if (Date.parse(loaded.state.endDate) <= ctx.clock().getTime()) throw notOnSale();
  const t = loaded.state.tickets.find((x) => x.id === input.body.ticketTypeId);
  if (!t) throw new DomainError('UNKNOWN_TICKET_TYPE', messages.sales.unknownTicketType, 400, { field: 'ticketTypeId' });
  if (t.visibility !== 'public') throw new DomainError('WAITLIST_TYPE_NOT_PUBLIC', messages.codes.waitlistTypeNotPublic, 400, { field: 'ticketTypeId' });
  const quota = await loadQuota(ctx, eventId);
  const { clientId, ...b } = input.body;
  const result = await handleCommand(ctx, {
    streamId: waitlistStreamId(eventId),
    decider: waitlistDecider,
    command: {
      type: 'sales.JoinWaitlist',
      data: {
        eventId,
        entryId: clientId,
        ticketTypeId: t.id,
        ticketTypeName: t.name,
        quantity: b.quantity,
        name: b.name,
        email: b.email,
        available: seatsLeft(loaded.state, quota.state, t.id),
        minPerOrder: t.minPerOrder,
        maxPerOrder: t.maxPerOrder,
      },
    },
    meta: { commandId: `waitlist:${clientId}`, userId: input.userId ?? undefined },
  });
  const entry = result.state.entries[clientId];
  if (!entry) throw new DomainError('ALREADY_ON_WAITLIST', messages.codes.waitlistAlready, 409);
  return { entry, position: result.position };
}

/** An order's state, folded from its stream (the waiting list acts on the truth, not on a lagging read model). */
async function orderStatus(ctx: Pick<AppContext, 'store'>, orderId: string) {
  const recorded = (await ctx.store.readStream(orderStreamId(orderId))) as Recorded<OrderEvent>[];
  return recorded.reduce(orderDecider.evolve, orderDecider.initialState()).status;
}

/**
 * Moves an event's waiting list on; run by the `sales.waitlistOffers` job whenever seats are freed or an offered
 * order is settled:
 * 1. offers whose order was paid become `purchased`; those whose order expired or was cancelled become `expired`
 *    (their seats were freed by that order's release, which is what triggers the next step);
 * 2. while some waiting entry's whole group fits in the seats left of its type (joining order; a group is never
 *    split), its seats are reserved for the person (an anonymous order held for the offer's length, keyed by the
 *    entry so a rerun finds the same order) and the offer is recorded; the projection then mails the link.
 * Runs of one event are queued in this process; a concurrent run elsewhere reaches the same orders (same keys)
 * and records nothing twice.
 */
export async function processWaitlist(ctx: Ctx, eventId: string): Promise<{ offered: string[]; closed: string[] }> {
  return oneAtATime(ctx.store, `waitlist-process:${eventId}`, async () => {
    const offered: string[] = [];
    const closed: string[] = [];
    let state = await loadWaitlist(ctx, eventId);
    for (const entry of Object.values(state.entries)) {
      if (entry.state !== 'offered' || !entry.orderId) continue;
      const status = await orderStatus(ctx, entry.orderId);
      const outcome = status === 'paid' ? 'purchased' : status === 'expired' || status === 'cancelled' || status === 'refunded' ? 'expired' : null;
      if (!outcome) continue;
      const r = await handleCommand(ctx, {
        streamId: waitlistStreamId(eventId),
        decider: waitlistDecider,
        command: { type: 'sales.CloseOffer', data: { entryId: entry.entryId, outcome } },
        meta: { commandId: `waitlist-close:${entry.entryId}` },
      });
      state = r.state;
      closed.push(entry.entryId);
    }

    const loaded = await loadEvent(ctx, eventId);
    if (!loaded || !loaded.state.published || loaded.state.cancelledAt) return { offered, closed };
    const skip = new Set<string>();
    for (;;) {
      const quota = await loadQuota(ctx, eventId);
      const entry = firstFitting(state, (typeId) => seatsLeft(loaded.state, quota.state, typeId), skip);
      if (!entry) break;
      try {
        const { order } = await reserveOrder(ctx, {
          eventId,
          lines: [{ ticketTypeId: entry.ticketTypeId, quantity: entry.quantity }],
          clientId: entry.entryId,
          buyerId: null,
          holdSeconds: ctx.config.salesWaitlistOfferSeconds,
        });
        const r = await handleCommand(ctx, {
          streamId: waitlistStreamId(eventId),
          decider: waitlistDecider,
          command: { type: 'sales.OfferSeats', data: { entryId: entry.entryId, orderId: order._id, until: order.holdUntil } },
          meta: { commandId: `waitlist-offer:${entry.entryId}` },
        });
        state = r.state;
        offered.push(entry.entryId);
      } catch (err) {
        // Taken by a buyer meanwhile, a sale window closed, a limit changed: this entry waits for the next release.
        if (err instanceof DomainError) {
          skip.add(entry.entryId);
          continue;
        }
        throw err;
      }
    }
    return { offered, closed };
  });
}
