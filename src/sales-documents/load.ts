import type { Kysely } from 'kysely';
import type { OrderDto, TicketDto } from '../contracts/sales.js';
import type { DB } from '../db/schema.js';
import { isoReq } from '../db/dates.js';
import { usersByIds } from '../projections/accounts/queries.js';
import { findEvent } from '../projections/events/queries.js';
import { ticketsOfOrder } from '../projections/sales/queries.js';
import type { TicketDocuments } from './model.js';

/**
 * The documents' data of an order, from the read models through each module's query functions: the event
 * (events), the buyer (the order's attendee data, else the buyer's account), the valid tickets (sales). `only`
 * narrows the tickets (a ticket holder who did not buy the order gets theirs alone). Null when the event is gone.
 */
export async function loadTicketDocuments(db: Kysely<DB>, order: OrderDto, only?: (t: TicketDto) => boolean): Promise<TicketDocuments | null> {
  const [event, tickets] = await Promise.all([findEvent(db, order.eventId), ticketsOfOrder(db, order._id)]);
  if (!event) return null;
  let buyer = order.buyer ? { name: order.buyer.name, email: order.buyer.email } : null;
  if (!buyer && order.buyerId) {
    const account = (await usersByIds(db, [order.buyerId])).get(order.buyerId);
    if (account) buyer = { name: account.displayName, email: account.email };
  }
  const valid = tickets.filter((t) => t.status === 'valid' && (!only || only(t)));
  return {
    event: {
      id: event.id,
      eventCode: event.event_code,
      name: event.event_name,
      startDate: isoReq(event.start_date),
      endDate: isoReq(event.end_date),
      timeZone: event.time_zone,
      venue: event.venue,
      onlineUrl: event.online_url,
      description: event.description,
    },
    order: { id: order._id, eventId: order.eventId, total: order.total, currency: order.currency, paidAt: order.paidAt ?? null, buyer },
    tickets: valid.map((t) => ({
      ticketId: t._id,
      code: t.code,
      ticketTypeName: t.ticketTypeName,
      attendeeName: t.attendeeName ?? buyer?.name ?? '',
      attendeeEmail: t.attendeeEmail ?? buyer?.email ?? '',
    })),
  };
}
