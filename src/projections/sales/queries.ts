import { sql, type Kysely } from 'kysely';
import type { OrderDto, OrderStatusDto } from '../../contracts/sales.js';
import type { Currency } from '../../contracts/events.js';
import type { DB } from '../../db/schema.js';
import { HOLDING_STATUSES } from '../../domain/sales/order.js';
import { isoReq as iso } from '../../db/dates.js';

/** The only readers of the sales tables: other modules call these. */


/** One order with its lines, or null. */
export async function findOrder(db: Kysely<DB>, orderId: string): Promise<OrderDto | null> {
  const row = await db.selectFrom('sales_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row) return null;
  const lines = await db.selectFrom('sales_order_lines').selectAll().where('order_id', '=', orderId).orderBy('name').execute();
  return {
    _id: row.id,
    eventId: row.event_id,
    buyerId: row.buyer_id,
    status: row.status as OrderStatusDto,
    lines: lines.map((l) => ({
      ticketTypeId: l.ticket_type_id,
      name: l.name,
      quantity: l.quantity,
      unitPrice: Number(l.unit_price),
      currency: row.currency as Currency,
    })),
    currency: row.currency as Currency,
    total: Number(row.total),
    holdUntil: iso(row.hold_until),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Seats held or sold per ticket type of an event (orders reserved, awaiting payment or paid). */
export async function seatsTaken(db: Kysely<DB>, eventId: string): Promise<{ byType: Record<string, number>; total: number }> {
  const rows = await db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .select(['l.ticket_type_id', sql<number>`sum(l.quantity)::int`.as('n')])
    .where('o.event_id', '=', eventId)
    .where('o.status', 'in', [...HOLDING_STATUSES])
    .groupBy('l.ticket_type_id')
    .execute();
  const byType = Object.fromEntries(rows.map((r) => [r.ticket_type_id, Number(r.n)]));
  return { byType, total: rows.reduce((s, r) => s + Number(r.n), 0) };
}

/** Ids and statuses of an event's orders (tests, counts). */
export async function ordersOfEvent(db: Kysely<DB>, eventId: string): Promise<{ id: string; status: string }[]> {
  return db.selectFrom('sales_orders').select(['id', 'status']).where('event_id', '=', eventId).orderBy('created_at').execute();
}
