import type { WaitlistEvent } from '../../domain/sales/waitlist.js';
import { waitlistOfferMailJob, waitlistOffersJob } from '../../workers/sales/waitlist.js';
import { defineProjection } from '../projection.js';

/** The order and quota events the waiting list reacts to, as it reads them. */
type Trigger =
  | { type: 'sales.SeatsReleased'; data: { eventId: string; orderId: string } }
  | { type: 'sales.OrderPaid' | 'sales.OrderExpired' | 'sales.OrderCancelled'; data: { eventId: string; orderId: string } };

/**
 * `sales.waitlist`: the waiting list's rows (state and position per entry), and the reactor that moves it on. It
 * records nothing itself: after commit it enqueues the `sales.waitlistOffers` job, keyed by the causing event, when
 * seats are freed on an event with people waiting or when an offered order is settled; and the offer mail when an
 * offer is recorded (keyed by the entry: one mail per offer). Nothing is enqueued while replaying.
 */
export const waitlistProjection = defineProjection<WaitlistEvent | Trigger>({
  name: 'sales.waitlist',
  eventTypes: ['sales.WaitlistJoined', 'sales.WaitlistOffered', 'sales.WaitlistOfferClosed', 'sales.SeatsReleased', 'sales.OrderPaid', 'sales.OrderExpired', 'sales.OrderCancelled'],
  async handle(events, ctx) {
    const { trx } = ctx;
    const run = (eventId: string, key: string) => ctx.afterCommit(({ jobs }) => jobs.enqueue(waitlistOffersJob, { eventId }, key));
    for (const e of events) {
      switch (e.type) {
        case 'sales.WaitlistJoined': {
          const d = e.data;
          const last = await trx.selectFrom('sales_waitlist').select((eb) => eb.fn.max('position').as('p')).where('event_id', '=', d.eventId).executeTakeFirst();
          await trx
            .insertInto('sales_waitlist')
            .values({
              id: d.entryId,
              event_id: d.eventId,
              position: Number(last?.p ?? 0) + 1,
              ticket_type_id: d.ticketTypeId,
              ticket_type_name: d.ticketTypeName,
              quantity: d.quantity,
              name: d.name,
              email: d.email,
              state: 'waiting',
              order_id: null,
              offered_until: null,
              created_at: d.at,
              updated_at: d.at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'sales.WaitlistOffered': {
          const d = e.data;
          await trx.updateTable('sales_waitlist').set({ state: 'offered', order_id: d.orderId, offered_until: d.until, updated_at: d.at }).where('id', '=', d.entryId).execute();
          ctx.afterCommit(({ jobs }) => jobs.enqueue(waitlistOfferMailJob, { entryId: d.entryId }, d.entryId));
          break;
        }
        case 'sales.WaitlistOfferClosed':
          await trx.updateTable('sales_waitlist').set({ state: e.data.outcome, updated_at: e.data.at }).where('id', '=', e.data.entryId).execute();
          break;
        case 'sales.SeatsReleased': {
          const waiting = await trx.selectFrom('sales_waitlist').select('id').where('event_id', '=', e.data.eventId).where('state', '=', 'waiting').limit(1).executeTakeFirst();
          const offer = await trx.selectFrom('sales_waitlist').select('id').where('order_id', '=', e.data.orderId).where('state', '=', 'offered').executeTakeFirst();
          if (waiting || offer) run(e.data.eventId, e.eventId);
          break;
        }
        default: {
          // An offered order paid, expired or cancelled: settle the offer (an expiry's release then passes the seats on).
          const offer = await trx.selectFrom('sales_waitlist').select('id').where('order_id', '=', e.data.orderId).where('state', '=', 'offered').executeTakeFirst();
          if (offer) run(e.data.eventId, e.eventId);
        }
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('sales_waitlist').execute();
  },
});
