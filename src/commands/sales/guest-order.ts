import type { AppContext } from '../../context.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { orderDecider, orderStreamId, toMinorUnits, type IssueOrder, type OrderLine } from '../../domain/sales/order.js';
import type { SeatsHeld } from '../../domain/sales/quota.js';
import { messages } from '../../messages/es.js';
import { loadEvent } from '../events/service.js';
import { handleCommand } from '../handle.js';
import { heldLines, holdSeats, orderDto, releaseSeats } from './reserve.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'config'>;

type Attendee = { name: string; email: string; answers?: Record<string, string | string[] | boolean> };

/** One ticket type of the order, one attendee per ticket. */
export interface GuestOrderLine {
  ticketTypeId: string;
  attendees: Attendee[];
}

export type GuestOrderInput = {
  eventId: string;
  /** The team member issuing it. */
  by: string;
  /** Idempotency: the same clientId of the same team member answers the same order. */
  clientId: string;
  /** The command id of the hold and the order, when the caller has its own (default `issue:<by>:<clientId>`). */
  commandId?: string;
  /** guest: free (guest list); cash / card: sold at the desk or cash register at the type's price. */
  method: 'guest' | 'cash' | 'card';
  /** A card terminal's reference, when paid by card at the door. */
  chargeId?: string;
  /** Only a published event (the door sale); the team's guest list may issue before publishing. */
  publishedOnly?: boolean;
} & (
  | {
      ticketTypeId: string;
      /** One per ticket; the first one is the order's buyer. */
      attendees: Attendee[];
    }
  | {
      /** Several ticket types in the one order (a sale is whole or nothing); a type named twice is merged. */
      lines: GuestOrderLine[];
    }
);

/**
 * The team issues tickets at once: the guest list, the registration desk, the cash register. The seats are held on
 * the event's quota like any reservation (the guard is the same, so the door never oversells the online sale), then
 * ONE append records the order reserved, named, paid and ticketed. Hidden and invitation-only types and closed sale
 * windows are allowed here (the team decides), sold-out ones are not. The buyer (who gets the confirmation mail) is
 * the first attendee who gave an e-mail (none: the first attendee, and no mail is sent).
 */
export async function issueGuestOrder(ctx: Ctx, input: GuestOrderInput) {
  const single = 'ticketTypeId' in input;
  const requested: GuestOrderLine[] = single ? [{ ticketTypeId: input.ticketTypeId, attendees: input.attendees }] : input.lines;
  if (requested.every((l) => l.attendees.length === 0)) throw new DomainError('EMPTY_ORDER', messages.sales.emptyOrder, 400, { field: single ? 'attendees' : 'lines' });
  const loaded = await loadEvent(ctx, input.eventId);
  if (!loaded || loaded.state.cancelledAt || (input.publishedOnly && !loaded.state.published)) throw new NotFoundError('EVENT_NOT_ON_SALE', messages.sales.eventNotOnSale);
  const event = loaded.state;
  const merged = new Map<string, Attendee[]>();
  for (const l of requested) merged.set(l.ticketTypeId, [...(merged.get(l.ticketTypeId) ?? []), ...l.attendees]);
  const lines: OrderLine[] = [];
  for (const [ticketTypeId, attendees] of merged) {
    const type = event.tickets.find((t) => t.id === ticketTypeId);
    if (!type) throw new DomainError('UNKNOWN_TICKET_TYPE', messages.sales.unknownTicketType, 400, { field: single ? 'ticketTypeId' : 'lines' });
    const unitPrice = input.method === 'guest' ? 0 : toMinorUnits(type.price);
    lines.push({ ticketTypeId: type.id, name: type.name, quantity: attendees.length, unitPrice, currency: event.currency });
  }
  const commandId = input.commandId ?? `issue:${input.by}:${input.clientId}`;
  const now = ctx.clock().toISOString();

  const hold = await holdSeats(
    ctx,
    {
      type: 'sales.HoldSeats',
      data: {
        eventId: input.eventId,
        orderId: ctx.newId(),
        buyerId: null,
        lines,
        holdUntil: now,
        quantities: Object.fromEntries(event.tickets.map((t) => [t.id, t.quantity])),
        capacity: event.capacity,
      },
    },
    { commandId, userId: input.by },
  );
  const held = hold.events.find((e): e is SeatsHeld => e.type === 'sales.SeatsHeld');
  if (!held) throw new NotFoundError('EVENT_NOT_ON_SALE', messages.sales.eventNotOnSale);
  const { orderId } = held.data;
  const heldTypes = heldLines(held, event.currency);
  // Attendees in the order of the held lines (the decider checks one per seat, line by line).
  const attendees = heldTypes.flatMap((l) =>
    (merged.get(l.ticketTypeId) ?? []).map((a) => ({ ticketTypeId: l.ticketTypeId, name: a.name, email: a.email, answers: a.answers ?? {} })),
  );
  const buyer = attendees.find((a) => a.email) ?? attendees[0];
  const command: IssueOrder = {
    type: 'sales.IssueOrder',
    data: {
      orderId,
      eventId: input.eventId,
      currency: event.currency,
      lines: heldTypes,
      buyer: { name: buyer.name, email: buyer.email },
      attendees,
      method: input.method,
      ...(input.chargeId ? { chargeId: input.chargeId } : {}),
    },
  };
  try {
    const result = await handleCommand(ctx, { streamId: orderStreamId(orderId), decider: orderDecider, command, meta: { commandId, userId: input.by } });
    return {
      order: orderDto(result.state),
      tickets: result.state.status === 'none' ? [] : result.state.tickets,
      state: result.state,
      position: result.position,
      duplicate: result.duplicate,
    };
  } catch (err) {
    await releaseSeats(ctx, input.eventId, orderId, 'cancelled', `release:${orderId}`);
    throw err;
  }
}
