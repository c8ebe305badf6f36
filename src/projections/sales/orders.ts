import type { OrderEvent } from '../../domain/sales/order.js';
import { expireOrderJob } from '../../workers/sales/expire-order.js';
import { defineProjection } from '../projection.js';

/**
 * `sales.orders`: one row per order with its lines, from the order streams. A reservation schedules its expiry
 * job after commit, due at holdUntil and keyed by the order id (a replayed batch schedules nothing twice).
 */
export const ordersProjection = defineProjection<OrderEvent>({
  name: 'sales.orders',
  eventTypes: ['sales.OrderReserved', 'sales.OrderExpired', 'sales.OrderPaid', 'sales.OrderCancelled'],
  async handle(events, ctx) {
    for (const e of events) {
      switch (e.type) {
        case 'sales.OrderReserved': {
          const d = e.data;
          const inserted = await ctx.trx
            .insertInto('sales_orders')
            .values({
              id: d.orderId,
              event_id: d.eventId,
              buyer_id: d.buyerId,
              status: 'reserved',
              currency: d.currency,
              total: d.total,
              hold_until: d.holdUntil,
              created_at: d.at,
              updated_at: d.at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) break;
          await ctx.trx
            .insertInto('sales_order_lines')
            .values(d.lines.map((l) => ({ order_id: d.orderId, ticket_type_id: l.ticketTypeId, name: l.name, quantity: l.quantity, unit_price: l.unitPrice })))
            .execute();
          ctx.afterCommit(({ jobs }) =>
            jobs.enqueue(expireOrderJob, { orderId: d.orderId }, d.orderId, { delay: Date.parse(d.holdUntil) - Date.now() }),
          );
          break;
        }
        case 'sales.OrderExpired':
          await setStatus(ctx.trx, e.data.orderId, 'expired', e.data.at);
          break;
        case 'sales.OrderPaid':
          await setStatus(ctx.trx, e.data.orderId, 'paid', e.data.at);
          break;
        case 'sales.OrderCancelled':
          await setStatus(ctx.trx, e.data.orderId, 'cancelled', e.data.at);
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('sales_order_lines').execute();
    await trx.deleteFrom('sales_orders').execute();
  },
});

function setStatus(trx: Parameters<typeof ordersProjection.reset>[0], orderId: string, status: string, at: string) {
  return trx.updateTable('sales_orders').set({ status, updated_at: at }).where('id', '=', orderId).execute();
}
