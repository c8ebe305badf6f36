import { ORDER_UPDATED_SOCKET_EVENT, type OrderUpdatedPayload } from '../../contracts/sales-socket.js';
import { userRoom } from '../../realtime/realtime.js';
import { storeTeamOf } from '../access/queries.js';
import type { ProjectionContext } from '../projection.js';

/**
 * After the batch commits, tells the store team of each touched event that these orders changed
 * (`order:updated` to the owner's and the store roles' user rooms), so the organizer's pages refetch after the
 * pushed position. The rows are read inside the batch, the push leaves after commit (never before the read model).
 */
export async function pushOrderUpdates(ctx: ProjectionContext, changed: { eventId: string; orderId: string; position: string }[]) {
  const byEvent = new Map<string, typeof changed>();
  for (const c of changed) byEvent.set(c.eventId, [...(byEvent.get(c.eventId) ?? []), c]);
  for (const [eventId, list] of byEvent) {
    const team = await storeTeamOf(ctx.trx, eventId);
    const statuses = await ctx.trx.selectFrom('sales_orders').select(['id', 'status']).where('id', 'in', list.map((c) => c.orderId)).execute();
    const status = new Map(statuses.map((s) => [s.id, s.status]));
    const payloads: OrderUpdatedPayload[] = list.map((c) => ({ eventId, orderId: c.orderId, status: status.get(c.orderId) ?? 'reserved', position: c.position }));
    const rooms = team.map(userRoom);
    if (!rooms.length) continue;
    ctx.afterCommit(({ realtime }) => {
      for (const p of payloads) realtime.emit(rooms, ORDER_UPDATED_SOCKET_EVENT, p);
    });
  }
}
