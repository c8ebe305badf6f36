import { sql, type Kysely, type Selectable } from 'kysely';
import type { CodeDto, WaitlistEntryDto, WaitlistState } from '../../contracts/sales-codes.js';
import type { GridQuery } from '../../contracts/events.js';
import { iso, isoReq } from '../../db/dates.js';
import { gridQuery, type GridColumn } from '../../db/grid.js';
import type { DB } from '../../db/schema.js';
import type { SalesCodesTables } from './codes-tables.js';

/** Readers of the codes area's tables (codes, their uses, the waiting list, company registrations). */

type CodeRow = Selectable<SalesCodesTables['sales_codes']>;

const codeDto = (r: CodeRow): CodeDto => ({
  _id: r.id,
  eventId: r.event_id,
  code: r.code,
  kind: r.kind as CodeDto['kind'],
  description: r.description,
  discountType: r.discount_type as CodeDto['discountType'],
  percent: r.percent,
  amount: r.amount === null ? null : Number(r.amount),
  free: r.free,
  ticketTypeIds: typeof r.ticket_type_ids === 'string' ? (JSON.parse(r.ticket_type_ids) as string[]) : r.ticket_type_ids,
  maxUses: r.max_uses,
  uses: Number(r.uses),
  validFrom: iso(r.valid_from),
  validUntil: iso(r.valid_until),
  active: r.active,
  token: r.token,
  createdAt: isoReq(r.created_at),
  updatedAt: isoReq(r.updated_at),
});

/** An event's codes for the organizer's grid: server-side paging, sorting, one filter and a quick search. */
export async function codesGrid(db: Kysely<DB>, eventId: string, q: GridQuery & { search?: string }) {
  const from = sql`(SELECT * FROM sales_codes WHERE event_id = ${eventId}) AS c`;
  const columns: Record<string, GridColumn> = {
    code: { expr: sql`c.code`, type: 'text' },
    kind: { expr: sql`c.kind`, type: 'text' },
    description: { expr: sql`c.description`, type: 'text' },
    uses: { expr: sql`c.uses`, type: 'number' },
    maxUses: { expr: sql`c.max_uses`, type: 'number' },
    validFrom: { expr: sql`c.valid_from`, type: 'date' },
    validUntil: { expr: sql`c.valid_until`, type: 'date' },
    active: { expr: sql`c.active`, type: 'boolean' },
    createdAt: { expr: sql`c.created_at`, type: 'date' },
  };
  const res = await gridQuery<CodeRow>(db, from, columns, sql`c.*`, q, 'createdAt', { value: q.search, columns: [sql`c.code`, sql`c.description`] });
  return { rows: res.rows.map(codeDto), rowCount: res.rowCount };
}

export async function findCode(db: Kysely<DB>, eventId: string, codeId: string): Promise<CodeDto | null> {
  const row = await db.selectFrom('sales_codes').selectAll().where('event_id', '=', eventId).where('id', '=', codeId).executeTakeFirst();
  return row ? codeDto(row) : null;
}

/** The code a shared link's token stands for. */
export async function codeByToken(db: Kysely<DB>, token: string): Promise<{ eventId: string; code: string } | null> {
  const row = await db.selectFrom('sales_codes').select(['event_id', 'code']).where('token', '=', token).executeTakeFirst();
  return row ? { eventId: row.event_id, code: row.code } : null;
}

/** The code an order used, if any. */
export async function codeOfOrder(db: Kysely<DB>, orderId: string): Promise<{ codeId: string; code: string; kind: string; free: boolean } | null> {
  const row = await db
    .selectFrom('sales_code_orders as o')
    .innerJoin('sales_codes as c', 'c.id', 'o.code_id')
    .select(['c.id', 'c.code', 'c.kind', 'c.free'])
    .where('o.order_id', '=', orderId)
    .executeTakeFirst();
  return row ? { codeId: row.id, code: row.code, kind: row.kind, free: row.free } : null;
}

type WaitRow = Selectable<SalesCodesTables['sales_waitlist']>;
const waitDto = (r: WaitRow, waitingRank: number | null): WaitlistEntryDto => ({
  _id: r.id,
  position: r.position,
  waitingRank,
  ticketTypeId: r.ticket_type_id,
  ticketTypeName: r.ticket_type_name,
  quantity: r.quantity,
  name: r.name,
  email: r.email,
  state: r.state as WaitlistState,
  orderId: r.order_id,
  offeredUntil: iso(r.offered_until),
  createdAt: isoReq(r.created_at),
  updatedAt: isoReq(r.updated_at),
});

/** An event's waiting list in joining order, with each waiting entry's place in the queue of its ticket type. */
export async function waitlistOfEvent(db: Kysely<DB>, eventId: string): Promise<WaitlistEntryDto[]> {
  const rows = await db.selectFrom('sales_waitlist').selectAll().where('event_id', '=', eventId).orderBy('position').execute();
  const ranks = new Map<string, number>();
  return rows.map((r) => {
    if (r.state !== 'waiting') return waitDto(r, null);
    const rank = (ranks.get(r.ticket_type_id) ?? 0) + 1;
    ranks.set(r.ticket_type_id, rank);
    return waitDto(r, rank);
  });
}

/** The company registered with an order, if any. */
export async function companyOfOrder(db: Kysely<DB>, orderId: string) {
  const r = await db.selectFrom('sales_companies').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  if (!r) return null;
  return { companyId: r.id, orderId: r.order_id, eventId: r.event_id, ruc: r.ruc, businessName: r.business_name, contactName: r.contact_name, email: r.email, phone: r.phone, createdAt: isoReq(r.created_at) };
}

/** One waiting-list entry with its event (the offer mail). */
export async function waitlistEntry(db: Kysely<DB>, entryId: string) {
  const r = await db.selectFrom('sales_waitlist').selectAll().where('id', '=', entryId).executeTakeFirst();
  return r ? { ...waitDto(r, null), eventId: r.event_id } : null;
}

/** Offers out for an order (the waiting list reacts when that order is settled). */
export async function waitlistOfferOfOrder(db: Kysely<DB>, orderId: string): Promise<{ entryId: string; eventId: string } | null> {
  const r = await db.selectFrom('sales_waitlist').select(['id', 'event_id']).where('order_id', '=', orderId).where('state', '=', 'offered').executeTakeFirst();
  return r ? { entryId: r.id, eventId: r.event_id } : null;
}
