/**
 * Figures of an event's store for the organizer: the Tablero (sold and held per ticket type, revenue, orders by
 * status, check-ins over time) and income control (income by method, ticket type and day). Plain SQL over the
 * sales read models: paid orders are income, refunded or cancelled ones are not.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function ticketsByType(db: Kysely<DB>, eventId: string): Promise<Map<string, { sold: number; held: number }>> {
  const r = await sql<{ ticket_type_id: string; sold: number; held: number }>`SELECT l.ticket_type_id,
      coalesce(sum(l.quantity) FILTER (WHERE o.status = 'paid'), 0)::int AS sold,
      coalesce(sum(l.quantity) FILTER (WHERE o.status IN ('reserved', 'awaiting_payment')), 0)::int AS held
    FROM sales_order_lines l JOIN sales_orders o ON o.id = l.order_id
    WHERE o.event_id = ${eventId} GROUP BY l.ticket_type_id`.execute(db);
  return new Map(r.rows.map((x) => [x.ticket_type_id, { sold: Number(x.sold), held: Number(x.held) }]));
}

export async function orderFigures(db: Kysely<DB>, eventId: string): Promise<{ revenue: number; byStatus: Record<string, number> }> {
  const r = await sql<{ status: string; n: number; amount: string }>`SELECT status, count(*)::int AS n, coalesce(sum(total), 0)::bigint AS amount
    FROM sales_orders WHERE event_id = ${eventId} GROUP BY status`.execute(db);
  const byStatus = Object.fromEntries(r.rows.map((x) => [x.status, Number(x.n)]));
  const revenue = Number(r.rows.find((x) => x.status === 'paid')?.amount ?? 0);
  return { revenue, byStatus };
}

/** Admissions per hour (each ticket's first entry, from the door's sales_checkins), and how many got in. */
export async function checkinsByHour(db: Kysely<DB>, eventId: string): Promise<{ total: number; byHour: { hour: string; count: number }[] }> {
  const r = await sql<{ hour: Date; n: number }>`SELECT date_trunc('hour', first_in_at) AS hour, count(*)::int AS n FROM sales_checkins
    WHERE event_id = ${eventId} GROUP BY 1 ORDER BY 1`.execute(db);
  const byHour = r.rows.map((x) => ({ hour: new Date(x.hour).toISOString(), count: Number(x.n) }));
  return { total: byHour.reduce((s, x) => s + x.count, 0), byHour };
}

/** Income of paid orders by method, ticket type and day (`timeZone`: the event's, for the day boundaries). */
export async function income(db: Kysely<DB>, eventId: string, timeZone: string) {
  const [byMethod, byType, byDay] = await Promise.all([
    sql<{ method: string | null; amount: string; n: number }>`SELECT payment_method AS method, sum(total)::bigint AS amount, count(*)::int AS n
      FROM sales_orders WHERE event_id = ${eventId} AND status = 'paid' GROUP BY payment_method ORDER BY 2 DESC, 1`.execute(db),
    sql<{ ticket_type_id: string; name: string; amount: string; n: number }>`SELECT l.ticket_type_id, min(l.name) AS name,
        sum(l.quantity * l.unit_price)::bigint AS amount, sum(l.quantity)::int AS n
      FROM sales_order_lines l JOIN sales_orders o ON o.id = l.order_id
      WHERE o.event_id = ${eventId} AND o.status = 'paid' GROUP BY l.ticket_type_id ORDER BY 3 DESC, 2`.execute(db),
    sql<{ day: string; amount: string; n: number }>`SELECT to_char(coalesce(paid_at, updated_at) AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day,
        sum(total)::bigint AS amount, count(*)::int AS n
      FROM sales_orders WHERE event_id = ${eventId} AND status = 'paid' GROUP BY 1 ORDER BY 1`.execute(db),
  ]);
  const methods = byMethod.rows.map((x) => ({ method: x.method ?? 'free', amount: Number(x.amount), orders: Number(x.n) }));
  return {
    total: methods.reduce((s, x) => s + x.amount, 0),
    orders: methods.reduce((s, x) => s + x.orders, 0),
    byMethod: methods,
    byTicketType: byType.rows.map((x) => ({ ticketTypeId: x.ticket_type_id, name: x.name, amount: Number(x.amount), tickets: Number(x.n) })),
    byDay: byDay.rows.map((x) => ({ day: x.day, amount: Number(x.amount), orders: Number(x.n) })),
  };
}
