import { sql, type Kysely, type Selectable } from 'kysely';
import type { OrderDto, OrderHistoryEntryDto, OrderStatusDto, PaymentMethodDto, ReceiptDto, TicketDto } from '../../contracts/sales.js';
import type { Currency } from '../../contracts/events.js';
import type { DB } from '../../db/schema.js';
import { HOLDING_STATUSES } from '../../domain/sales/order.js';
import { iso as isoOrNull, isoReq as iso } from '../../db/dates.js';

/** The only readers of the sales tables: other modules call these. */


type OrderRow = DB['sales_orders'];

function orderDtoFromRow(row: Selectable<OrderRow>, lines: Selectable<DB['sales_order_lines']>[]): OrderDto {
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
    buyer: row.buyer_email ? { name: row.buyer_name ?? '', email: row.buyer_email, ...(row.buyer_phone ? { phone: row.buyer_phone } : {}) } : null,
    paymentMethod: (row.payment_method as PaymentMethodDto | null) ?? null,
    paidAt: isoOrNull(row.paid_at),
    receipt: (row.receipt as ReceiptDto | null) ?? null,
  };
}

/** One order with its lines, or null. */
export async function findOrder(db: Kysely<DB>, orderId: string): Promise<OrderDto | null> {
  const row = await db.selectFrom('sales_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row) return null;
  const lines = await db.selectFrom('sales_order_lines').selectAll().where('order_id', '=', orderId).orderBy('name').execute();
  return orderDtoFromRow(row, lines);
}

/** Orders by id with their lines (unknown ids are absent). */
export async function findOrders(db: Kysely<DB>, orderIds: string[]): Promise<OrderDto[]> {
  if (!orderIds.length) return [];
  const rows = await db.selectFrom('sales_orders').selectAll().where('id', 'in', orderIds).execute();
  const lines = await db.selectFrom('sales_order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('name').execute();
  return rows.map((r) => orderDtoFromRow(r, lines.filter((l) => l.order_id === r.id)));
}

type TicketRow = Selectable<DB['sales_tickets']>;

function ticketDto(r: TicketRow): TicketDto {
  return {
    _id: r.id,
    code: r.code,
    orderId: r.order_id,
    eventId: r.event_id,
    ticketTypeId: r.ticket_type_id,
    ticketTypeName: r.ticket_type_name,
    attendeeName: r.attendee_name,
    attendeeEmail: r.attendee_email,
    holderUserId: r.holder_user_id,
    status: r.status as TicketDto['status'],
    createdAt: iso(r.created_at),
  };
}

/** The ticket a QR code names (the door's lookup), or null. */
export async function findTicketByCode(db: Kysely<DB>, code: string): Promise<TicketDto | null> {
  const r = await db.selectFrom('sales_tickets').selectAll().where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
  return r ? ticketDto(r) : null;
}

export async function findTicket(db: Kysely<DB>, ticketId: string): Promise<TicketDto | null> {
  const r = await db.selectFrom('sales_tickets').selectAll().where('id', '=', ticketId).executeTakeFirst();
  return r ? ticketDto(r) : null;
}

/** An order's tickets in seat order. */
export async function ticketsOfOrder(db: Kysely<DB>, orderId: string): Promise<TicketDto[]> {
  const rows = await db.selectFrom('sales_tickets').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
  return rows.map(ticketDto);
}

/**
 * An event's tickets whose attendee name or e-mail, or code, contains `q` (accents and case folded on both
 * sides); valid ones first, at most `limit`. The door's and the desk's manual search.
 */
export async function searchTickets(db: Kysely<DB>, eventId: string, q: string, limit = 50): Promise<TicketDto[]> {
  const text = q.trim();
  let query = db.selectFrom('sales_tickets').selectAll().where('event_id', '=', eventId);
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(aforo_unaccent(coalesce(attendee_name, '')))`, 'like', sql`lower(aforo_unaccent(${like}))`),
        eb(sql`lower(coalesce(attendee_email, ''))`, 'like', like.toLowerCase()),
        eb('code', '=', text.toUpperCase()),
      ]),
    );
  }
  const rows = await query.orderBy(sql`status = 'valid'`, 'desc').orderBy('attendee_name').orderBy('position').limit(limit).execute();
  return rows.map(ticketDto);
}

/** The order's history, oldest first. */
export async function orderHistory(db: Kysely<DB>, orderId: string): Promise<OrderHistoryEntryDto[]> {
  const rows = await db.selectFrom('sales_order_history').selectAll().where('order_id', '=', orderId).orderBy('version').execute();
  return rows.map((r) => ({ type: r.type, at: iso(r.at), by: r.by, detail: (r.detail ?? {}) as Record<string, unknown> }));
}

/** Attendee data per seat, answers included (the team's screens, the desk). */
export async function attendeesOfOrder(db: Kysely<DB>, orderId: string) {
  const rows = await db.selectFrom('sales_order_attendees').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
  return rows.map((r) => ({ position: r.position, ticketTypeId: r.ticket_type_id, name: r.name, email: r.email, answers: (r.answers ?? {}) as Record<string, unknown> }));
}

/** The uploaded deposit voucher of an order (storage reference and what the buyer sent), or null. */
export async function voucherOf(db: Kysely<DB>, orderId: string) {
  const r = await db.selectFrom('sales_orders').select(['event_id', 'voucher_ref', 'voucher_name', 'voucher_type', 'voucher_size']).where('id', '=', orderId).executeTakeFirst();
  if (!r?.voucher_ref) return null;
  return { eventId: r.event_id, ref: r.voucher_ref, fileName: r.voucher_name ?? 'comprobante', contentType: r.voucher_type ?? 'application/octet-stream', size: r.voucher_size ?? 0 };
}

/**
 * The orders a signed-in user sees in /mytickets: the ones they bought, and the ones holding a ticket in their
 * name (`email`: their proven e-mail, or null when not proven). Ids with the date they were made.
 */
export async function ordersOfBuyer(db: Kysely<DB>, userId: string, email: string | null = null): Promise<{ orderId: string; eventId: string; createdAt: string }[]> {
  const bought = db.selectFrom('sales_orders').select(['id', 'event_id', 'created_at']).where('buyer_id', '=', userId).where('status', '!=', 'expired');
  const held = email
    ? db
        .selectFrom('sales_tickets as t')
        .innerJoin('sales_orders as o', 'o.id', 't.order_id')
        .select(['o.id', 'o.event_id', 'o.created_at'])
        .where(sql<boolean>`lower(t.attendee_email) = ${email.toLowerCase()}`)
        .where('t.status', '=', 'valid')
    : null;
  const rows = held ? await bought.union(held).execute() : await bought.execute();
  return rows.map((r) => ({ orderId: r.id, eventId: r.event_id, createdAt: iso(r.created_at) }));
}

/** Tickets of an order a user may see: all when they bought it, else only those in their e-mail. */
export async function ticketsVisibleTo(db: Kysely<DB>, orderId: string, userId: string, email: string | null): Promise<TicketDto[]> {
  const order = await db.selectFrom('sales_orders').select('buyer_id').where('id', '=', orderId).executeTakeFirst();
  const all = await ticketsOfOrder(db, orderId);
  if (order?.buyer_id === userId) return all;
  return email ? all.filter((t) => t.attendeeEmail?.toLowerCase() === email.toLowerCase() && t.status === 'valid') : [];
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

/**
 * The holders of an event's valid tickets (the CRM's "attendees of an event" audience): the ticket's attendee, or
 * the order's buyer when the ticket names nobody; the phone is the buyer's. One row per ticket.
 */
export async function ticketHoldersOfEvent(db: Kysely<DB>, eventId: string): Promise<{ ticketId: string; name: string; email: string | null; phone: string | null }[]> {
  const rows = await db
    .selectFrom('sales_tickets as t')
    .innerJoin('sales_orders as o', 'o.id', 't.order_id')
    .select(['t.id', 't.attendee_name', 't.attendee_email', 'o.buyer_name', 'o.buyer_email', 'o.buyer_phone'])
    .where('t.event_id', '=', eventId)
    .where('t.status', '=', 'valid')
    .orderBy('t.created_at')
    .orderBy('t.position')
    .execute();
  return rows.map((r) => ({
    ticketId: r.id,
    name: r.attendee_name ?? r.buyer_name ?? '',
    email: (r.attendee_email ?? r.buyer_email)?.toLowerCase() ?? null,
    phone: r.buyer_phone ?? null,
  }));
}
