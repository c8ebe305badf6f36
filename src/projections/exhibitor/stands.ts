import type { StandReserved } from '../../domain/exhibitor/stands.js';
import type { OrderPaid } from '../../domain/sales/order.js';
import { confirmStandSaleJob, expireStandJob } from '../../workers/exhibitor/stands.js';
import { defineProjection } from '../projection.js';

/**
 * `exhibitor.stands`: the reactor of stand reservations. A reservation's expiry is scheduled at its holdUntil
 * (like sales' holds), and its order is remembered (exhibitor_stand_orders) so that the sales.OrderPaid of that
 * order, however it was paid (the checkout, a provider's webhook), confirms the stand's sale through a job.
 * Reservations are appended before their orders exist, so the row is always there before the payment.
 */
export const standsReactor = defineProjection<StandReserved | OrderPaid>({
  name: 'exhibitor.stands',
  eventTypes: ['exhibitor.StandReserved', 'sales.OrderPaid'],
  async handle(events, ctx) {
    for (const e of events) {
      if (e.type === 'exhibitor.StandReserved') {
        const d = e.data;
        await ctx.trx
          .insertInto('exhibitor_stand_orders')
          .values({ order_id: d.orderId, event_id: d.eventId, reservation_id: d.reservationId })
          .onConflict((oc) => oc.column('order_id').doNothing())
          .execute();
        if (!ctx.replaying) {
          ctx.afterCommit(({ jobs }) =>
            jobs.enqueue(expireStandJob, { eventId: d.eventId, reservationId: d.reservationId }, d.reservationId, { delay: Math.max(0, Date.parse(d.holdUntil) - Date.now()) }),
          );
        }
        continue;
      }
      if (ctx.replaying) continue;
      const row = await ctx.trx.selectFrom('exhibitor_stand_orders').select(['event_id']).where('order_id', '=', e.data.orderId).executeTakeFirst();
      if (row) ctx.afterCommit(({ jobs }) => jobs.enqueue(confirmStandSaleJob, { eventId: row.event_id, orderId: e.data.orderId }, e.eventId));
    }
  },
  async reset(trx) {
    await trx.deleteFrom('exhibitor_stand_orders').execute();
  },
});
