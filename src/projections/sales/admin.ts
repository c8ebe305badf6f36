/**
 * The organizer's grids of the store (manageAttendees/orders, participants, guestList) over the sales read
 * models, scoped to one event, through the shared Data Grid paging/sorting/filtering (src/db/grid.ts); the same
 * queries without paging feed the CSV/XLSX exports. Also the reminders list and a reminder's recipients.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Currency } from '../../contracts/events.js';
import type { OrderStatusDto, ReceiptDto } from '../../contracts/sales.js';
import type { AdminOrderRow, AdminTicketRow, ReminderDto, ReminderWhen, SalesGridQuery } from '../../contracts/sales-admin.js';
import { gridQuery, type GridColumn } from '../../db/grid.js';
import { iso, isoReq } from '../../db/dates.js';
import type { DB } from '../../db/schema.js';

/** Most rows one export holds (a grid's filter narrows it). */
export const EXPORT_MAX_ROWS = 50_000;

type OrderRow = {
  id: string;
  status: string;
  buyer_name: string | null;
  buyer_email: string | null;
  total: string | number;
  currency: string;
  method: string | null;
  tickets: number;
  created_at: Date | string;
  paid_at: Date | string | null;
  receipt: unknown | null;
};

const orderColumns: Record<string, GridColumn> = {
  id: { expr: sql`x.id`, type: 'text' },
  status: { expr: sql`x.status`, type: 'text' },
  buyerName: { expr: sql`x.buyer_name`, type: 'text' },
  buyerEmail: { expr: sql`x.buyer_email`, type: 'text' },
  total: { expr: sql`x.total`, type: 'number' },
  method: { expr: sql`x.method`, type: 'text' },
  tickets: { expr: sql`x.tickets`, type: 'number' },
  createdAt: { expr: sql`x.created_at`, type: 'date' },
  paidAt: { expr: sql`x.paid_at`, type: 'date' },
};

/** An event's orders (optionally of one status), paged, sorted and filtered by the grid. */
export async function adminOrders(db: Kysely<DB>, eventId: string, q: SalesGridQuery): Promise<{ rows: AdminOrderRow[]; rowCount: number }> {
  const status = q.status ? sql`AND o.status = ${q.status}` : sql``;
  const from = sql`(SELECT o.id, o.status, o.buyer_name, o.buyer_email, o.total, o.currency, o.payment_method AS method, o.created_at, o.paid_at, o.receipt,
      (SELECT coalesce(sum(l.quantity), 0) FROM sales_order_lines l WHERE l.order_id = o.id)::int AS tickets
    FROM sales_orders o WHERE o.event_id = ${eventId} ${status}) AS x`;
  const res = await gridQuery<OrderRow>(
    db,
    from,
    orderColumns,
    sql`x.id, x.status, x.buyer_name, x.buyer_email, x.total, x.currency, x.method, x.tickets, x.created_at, x.paid_at, x.receipt`,
    q,
    'createdAt',
    { value: q.search, columns: [sql`x.buyer_name`, sql`x.buyer_email`, sql`x.id`] },
  );
  return {
    rows: res.rows.map((r) => ({
      id: r.id,
      status: r.status as OrderStatusDto,
      buyerName: r.buyer_name,
      buyerEmail: r.buyer_email,
      total: Number(r.total),
      currency: r.currency as Currency,
      method: r.method,
      tickets: Number(r.tickets),
      createdAt: isoReq(r.created_at),
      paidAt: iso(r.paid_at),
      receipt: (r.receipt as ReceiptDto | null) ?? null,
    })),
    rowCount: res.rowCount,
  };
}

type TicketRow = {
  id: string;
  order_id: string;
  ticket_type_name: string;
  attendee_name: string | null;
  attendee_email: string | null;
  status: string;
  method: string | null;
  checked_in: boolean;
  checked_in_at: Date | string | null;
  created_at: Date | string;
};

const ticketColumns: Record<string, GridColumn> = {
  id: { expr: sql`x.id`, type: 'text' },
  orderId: { expr: sql`x.order_id`, type: 'text' },
  ticketTypeName: { expr: sql`x.ticket_type_name`, type: 'text' },
  attendeeName: { expr: sql`x.attendee_name`, type: 'text' },
  attendeeEmail: { expr: sql`x.attendee_email`, type: 'text' },
  status: { expr: sql`x.status`, type: 'text' },
  method: { expr: sql`x.method`, type: 'text' },
  checkedIn: { expr: sql`x.checked_in`, type: 'boolean' },
  checkedInAt: { expr: sql`x.checked_in_at`, type: 'date' },
  createdAt: { expr: sql`x.created_at`, type: 'date' },
};

/** An event's tickets with their attendee and door state (the door's sales_checkins: first admission); `guests` keeps the guest list's only. */
export async function adminTickets(db: Kysely<DB>, eventId: string, q: SalesGridQuery, opts: { guests?: boolean } = {}): Promise<{ rows: AdminTicketRow[]; rowCount: number }> {
  const guests = opts.guests ? sql`AND o.payment_method = 'guest'` : sql``;
  const from = sql`(SELECT t.id, t.order_id, t.ticket_type_name, t.attendee_name, t.attendee_email, t.status, o.payment_method AS method, t.created_at,
      c.first_in_at AS checked_in_at
    FROM sales_tickets t JOIN sales_orders o ON o.id = t.order_id LEFT JOIN sales_checkins c ON c.ticket_id = t.id
    WHERE t.event_id = ${eventId} ${guests}) AS y`;
  const withFlag = sql`(SELECT y.*, y.checked_in_at IS NOT NULL AS checked_in FROM ${from}) AS x`;
  const res = await gridQuery<TicketRow>(
    db,
    withFlag,
    ticketColumns,
    sql`x.id, x.order_id, x.ticket_type_name, x.attendee_name, x.attendee_email, x.status, x.method, x.checked_in, x.checked_in_at, x.created_at`,
    q,
    'createdAt',
    { value: q.search, columns: [sql`x.attendee_name`, sql`x.attendee_email`, sql`x.ticket_type_name`, sql`x.order_id`] },
  );
  return {
    rows: res.rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      ticketTypeName: r.ticket_type_name,
      attendeeName: r.attendee_name,
      attendeeEmail: r.attendee_email,
      status: r.status,
      method: r.method,
      checkedIn: !!r.checked_in,
      checkedInAt: iso(r.checked_in_at),
      createdAt: isoReq(r.created_at),
    })),
    rowCount: res.rowCount,
  };
}

/** Whom a reminder of the event goes to: one entry per e-mail of its valid tickets (the first name seen). */
export async function reminderRecipients(db: Kysely<DB>, eventId: string): Promise<{ email: string; name: string }[]> {
  const r = await sql<{ email: string; name: string }>`SELECT DISTINCT ON (lower(t.attendee_email)) lower(t.attendee_email) AS email, coalesce(t.attendee_name, '') AS name
    FROM sales_tickets t WHERE t.event_id = ${eventId} AND t.status = 'valid' AND coalesce(t.attendee_email, '') <> ''
    ORDER BY lower(t.attendee_email), t.created_at`.execute(db);
  return r.rows;
}

type ReminderRow = Selectable<DB['sales_reminders']>;
const reminderDto = (r: ReminderRow): ReminderDto => ({
  id: r.id,
  subject: r.subject,
  body: r.body,
  when: (typeof r.when === 'string' ? JSON.parse(r.when) : r.when) as ReminderWhen,
  dueAt: isoReq(r.due_at),
  status: r.status as ReminderDto['status'],
  revision: r.revision,
  sentCount: r.sent_count,
  sentAt: iso(r.sent_at),
  createdAt: isoReq(r.created_at),
  updatedAt: isoReq(r.updated_at),
});

/** An event's reminders, next due first. */
export async function remindersOfEvent(db: Kysely<DB>, eventId: string): Promise<ReminderDto[]> {
  const rows = await db.selectFrom('sales_reminders').selectAll().where('event_id', '=', eventId).orderBy('due_at', 'asc').orderBy('id').execute();
  return rows.map(reminderDto);
}

export async function findReminder(db: Kysely<DB>, reminderId: string): Promise<ReminderDto | null> {
  const row = await db.selectFrom('sales_reminders').selectAll().where('id', '=', reminderId).executeTakeFirst();
  return row ? reminderDto(row) : null;
}
