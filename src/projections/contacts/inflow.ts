import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { recordInflow, type InflowPerson, type InflowSource } from '../../commands/contacts/inflow.js';
import type { DB } from '../../db/schema.js';
import type { ParticipantRegistered } from '../../domain/businessConference/participant.js';
import { orderStreamId, type AttendeeAssigned, type Buyer, type OrderEvent, type TicketsIssued, type TicketTransferred } from '../../domain/sales/order.js';
import type { Recorded } from '../../eventstore/port.js';
import { findEvent } from '../events/queries.js';
import { DomainError } from '../../domain/shared/errors.js';
import { defineProjection, type ProjectionContext } from '../projection.js';

export type InflowEvent = TicketsIssued | TicketTransferred | AttendeeAssigned | ParticipantRegistered;

/** The organizer (the contacts' client) of an event: its owner. Absent only while the events read model lags. */
async function organizerOf(trx: Transaction<DB>, eventId: string): Promise<string> {
  const row = await findEvent(trx, eventId);
  // Thrown, the batch is retried once the event's row is there (its creation precedes every order and registration).
  if (!row) throw new Error(`contacts.inflow: event ${eventId} not projected yet`);
  return row.owner_id;
}

/** The order's buyer as last named (AttendeesSet, else the signed-in buyer at reservation), from its stream. */
async function buyerOf(ctx: ProjectionContext, orderId: string): Promise<Buyer | null> {
  const events = (await ctx.store.readStream(orderStreamId(orderId))) as Recorded<OrderEvent>[];
  let buyer: Buyer | null = null;
  for (const e of events) {
    if (e.type === 'sales.OrderReserved' && e.data.buyer) buyer = e.data.buyer;
    if (e.type === 'sales.AttendeesSet') buyer = e.data.buyer;
  }
  return buyer;
}

/**
 * `contacts.inflow`: people of the organizer's events become the organizer's contacts (issue 22). A reactor with
 * no rows of its own: paid orders' buyers and every issued ticket's attendee (source `sales`, also a ticket
 * transferred or assigned to someone), business-conference participants at registration (`businessConference`).
 * Neither the checkout nor the registration asks for a marketing opt-in (the checkout's consent fields are the
 * event's own legal texts), so no consent is recorded: never one on the person's behalf. Replay-safe: nothing is
 * recorded while replaying, and each call's key (order and ticket, participant) makes a re-run one write.
 */
export const inflowReactor = defineProjection<InflowEvent>({
  name: 'contacts.inflow',
  eventTypes: ['sales.TicketsIssued', 'sales.TicketTransferred', 'sales.AttendeeAssigned', 'businessConference.ParticipantRegistered'],
  async handle(events, ctx) {
    if (ctx.replaying) return;
    const { trx } = ctx;
    const deps = { store: ctx.store, clock: () => new Date(), newId: randomUUID, db: trx };
    const record = async (eventId: string, source: InflowSource, key: string, person: InflowPerson) => {
      if (!person.email && !person.phone) return;
      const clientId = await organizerOf(trx, eventId);
      try {
        await recordInflow(deps, { clientId, source, key, person });
      } catch (err) {
        // What another module accepted may not pass the CRM's checks (a phone not in E.164, a blank name): the
        // person comes in without the phone, or not at all, rather than stopping this reactor for good.
        if (!(err instanceof DomainError)) throw err;
        if (person.phone && person.email) {
          await recordInflow(deps, { clientId, source, key, person: { ...person, phone: null } }).catch((again: unknown) => {
            if (!(again instanceof DomainError)) throw again;
          });
        }
      }
    };
    for (const e of events) {
      switch (e.type) {
        case 'sales.TicketsIssued': {
          const d = e.data;
          const buyer = await buyerOf(ctx, d.orderId);
          if (buyer) await record(d.eventId, 'sales', `${d.orderId}:buyer`, { name: buyer.name, email: buyer.email, phone: buyer.phone ?? null });
          // One call per person of the order: the buyer's own tickets (and repeats) add nothing, and a second call
          // right after the first would not find its contact until the records projection caught up.
          const seen = new Set(buyer ? [buyer.email.trim().toLowerCase()] : []);
          for (const t of e.data.tickets) {
            const email = t.attendeeEmail?.trim().toLowerCase();
            if (!email || seen.has(email)) continue;
            seen.add(email);
            await record(d.eventId, 'sales', `${d.orderId}:${t.ticketId}`, { name: t.attendeeName ?? email, email });
          }
          break;
        }
        case 'sales.TicketTransferred':
        case 'sales.AttendeeAssigned':
          await record(e.data.eventId, 'sales', `${e.data.orderId}:${e.data.ticketId}:${e.streamVersion}`, { name: e.data.name, email: e.data.email });
          break;
        case 'businessConference.ParticipantRegistered':
          await record(e.data.eventId, 'businessConference', `participant:${e.data.participantId}`, { name: e.data.contactName, email: e.data.email, phone: e.data.phone });
          break;
      }
    }
  },
  async reset() {},
});
