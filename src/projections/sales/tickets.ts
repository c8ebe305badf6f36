import type { OrderEvent } from '../../domain/sales/order.js';
import { defineProjection } from '../projection.js';

type TicketEvent = Extract<
  OrderEvent,
  { type: 'sales.TicketsIssued' | 'sales.AttendeesSet' | 'sales.TicketTransferred' | 'sales.AttendeeAssigned' | 'sales.OrderCancelled' | 'sales.OrderRefunded' }
>;

/**
 * `sales.tickets`: one row per issued ticket (what the door scans, what /mytickets lists). `holder_user_id` is the
 * signed-in buyer until the ticket is moved to someone else; a transferred ticket is found by its e-mail
 * (an account that proved that e-mail sees it).
 */
export const ticketsProjection = defineProjection<TicketEvent>({
  name: 'sales.tickets',
  eventTypes: [
    'sales.TicketsIssued',
    'sales.AttendeesSet',
    'sales.TicketTransferred',
    'sales.AttendeeAssigned',
    'sales.OrderCancelled',
    'sales.OrderRefunded',
  ],
  async handle(events, { trx }) {
    for (const e of events) {
      const d = e.data;
      switch (e.type) {
        case 'sales.TicketsIssued': {
          const d = e.data;
          const holder = d.buyerId;
          const base = await trx.selectFrom('sales_tickets').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', d.orderId).executeTakeFirstOrThrow();
          await trx
            .insertInto('sales_tickets')
            .values(
              d.tickets.map((t, i) => ({
                id: t.ticketId,
                code: t.code,
                order_id: d.orderId,
                event_id: d.eventId,
                position: Number(base.n) + i,
                ticket_type_id: t.ticketTypeId,
                ticket_type_name: t.ticketTypeName,
                attendee_name: t.attendeeName,
                attendee_email: t.attendeeEmail,
                holder_user_id: holder,
                status: 'valid',
                created_at: d.at,
                updated_at: d.at,
              })),
            )
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'sales.AttendeesSet':
          for (const a of e.data.attendees) {
            if (!a.ticketId) continue;
            await trx.updateTable('sales_tickets').set({ attendee_name: a.name, attendee_email: a.email, updated_at: e.data.at }).where('id', '=', a.ticketId).execute();
          }
          break;
        case 'sales.AttendeeAssigned':
          await trx.updateTable('sales_tickets').set({ attendee_name: e.data.name, attendee_email: e.data.email, updated_at: e.data.at }).where('id', '=', e.data.ticketId).execute();
          break;
        case 'sales.TicketTransferred':
          // Someone else's now: the buyer's account no longer holds it; the new e-mail's account finds it.
          await trx
            .updateTable('sales_tickets')
            .set({ attendee_name: e.data.name, attendee_email: e.data.email, holder_user_id: null, updated_at: e.data.at })
            .where('id', '=', e.data.ticketId)
            .execute();
          break;
        case 'sales.OrderCancelled':
        case 'sales.OrderRefunded':
          await trx
            .updateTable('sales_tickets')
            .set({ status: e.type === 'sales.OrderCancelled' ? 'cancelled' : 'refunded', updated_at: d.at })
            .where('order_id', '=', d.orderId)
            .where('status', '=', 'valid')
            .execute();
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('sales_tickets').execute();
  },
});
