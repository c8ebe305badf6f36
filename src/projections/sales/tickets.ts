import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { OrderEvent, TicketsIssued } from '../../domain/sales/order.js';
import type { Recorded } from '../../eventstore/port.js';
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
    // Paid orders come in runs (a rush): consecutive TicketsIssued are written together, their positions counted in
    // one query and their rows in one INSERT. Other events apply one by one, after the run before them.
    let run: Recorded<TicketsIssued>[] = [];
    for (const e of events) {
      if (e.type === 'sales.TicketsIssued') {
        run.push(e);
        continue;
      }
      if (run.length) await issue(trx, run);
      run = [];
      const d = e.data;
      switch (e.type) {
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
    if (run.length) await issue(trx, run);
  },
  async reset(trx) {
    await trx.deleteFrom('sales_tickets').execute();
  },
});

/** Rows per INSERT (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 1000;

/**
 * The tickets of a run of TicketsIssued: each order's tickets numbered after those it already has (counted once for
 * the run's orders) and after its earlier issues in the run; a ticket already there (a replay) is skipped.
 */
async function issue(trx: Transaction<DB>, run: Recorded<TicketsIssued>[]) {
  const orderIds = [...new Set(run.map((e) => e.data.orderId))];
  const counts = await trx
    .selectFrom('sales_tickets')
    .select(['order_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  const next = new Map(counts.map((c) => [c.order_id, Number(c.n)]));
  const rows = run.flatMap(({ data: d }) => {
    const base = next.get(d.orderId) ?? 0;
    next.set(d.orderId, base + d.tickets.length);
    return d.tickets.map((t, i) => ({
      id: t.ticketId,
      code: t.code,
      order_id: d.orderId,
      event_id: d.eventId,
      position: base + i,
      ticket_type_id: t.ticketTypeId,
      ticket_type_name: t.ticketTypeName,
      attendee_name: t.attendeeName,
      attendee_email: t.attendeeEmail,
      holder_user_id: d.buyerId,
      status: 'valid' as const,
      created_at: d.at,
      updated_at: d.at,
    }));
  });
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('sales_tickets')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
