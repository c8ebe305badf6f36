import type { Kysely, Selectable } from 'kysely';
import type { Currency } from '../../contracts/events.js';
import type { TillDto, TillEntryDto, TillReconciliationDto } from '../../contracts/sales-boxoffice.js';
import type { DB } from '../../db/schema.js';
import { iso, isoReq } from '../../db/dates.js';
import { usersByIds } from '../accounts/queries.js';
import type { SalesTillTables } from './till-tables.js';

/** The only readers of the box office's till tables (sales.tills). */

type TillRow = Selectable<SalesTillTables['sales_tills']>;

function toDto(r: TillRow, names: Map<string, { displayName: string }>): TillDto {
  const float = Number(r.float);
  const cashSales = Number(r.cash_sales);
  const cashIn = Number(r.cash_in);
  const cashOut = Number(r.cash_out);
  return {
    _id: r.id,
    eventId: r.event_id,
    openedBy: r.opened_by,
    openedByName: names.get(r.opened_by)?.displayName ?? null,
    status: r.status as TillDto['status'],
    currency: r.currency as Currency,
    float,
    cashSales,
    cardSales: Number(r.card_sales),
    cashIn,
    cashOut,
    expected: r.expected_at_close !== null ? Number(r.expected_at_close) : float + cashSales + cashIn - cashOut,
    counted: r.counted === null ? null : Number(r.counted),
    difference: r.difference === null ? null : Number(r.difference),
    salesCount: r.sales_count,
    ticketsCount: r.tickets_count,
    openedAt: isoReq(r.opened_at),
    closedAt: iso(r.closed_at),
  };
}

async function withNames(db: Kysely<DB>, rows: TillRow[]): Promise<TillDto[]> {
  const names = await usersByIds(db, [...new Set(rows.map((r) => r.opened_by))]);
  return rows.map((r) => toDto(r, names));
}

/** One till, or null. */
export async function findTill(db: Kysely<DB>, tillId: string): Promise<TillDto | null> {
  const row = await db.selectFrom('sales_tills').selectAll().where('id', '=', tillId).executeTakeFirst();
  return row ? (await withNames(db, [row]))[0] : null;
}

/** A till's sales and cash movements in the order they were recorded. */
export async function tillEntries(db: Kysely<DB>, tillId: string): Promise<TillEntryDto[]> {
  const rows = await db.selectFrom('sales_till_entries').selectAll().where('till_id', '=', tillId).orderBy('seq').execute();
  return rows.map((r) => ({
    seq: r.seq,
    kind: r.kind as TillEntryDto['kind'],
    at: isoReq(r.at),
    amount: Number(r.amount),
    orderId: r.order_id,
    method: r.method as TillEntryDto['method'],
    reference: r.reference,
    tickets: r.tickets,
    direction: r.direction as TillEntryDto['direction'],
    reason: r.reason,
  }));
}

/** Tills of an event, newest first; only one cashier's when `openedBy` is given. */
export async function tillsOfEvent(db: Kysely<DB>, eventId: string, openedBy?: string): Promise<TillDto[]> {
  let q = db.selectFrom('sales_tills').selectAll().where('event_id', '=', eventId);
  if (openedBy) q = q.where('opened_by', '=', openedBy);
  return withNames(db, await q.orderBy('opened_at', 'desc').limit(200).execute());
}

/** The till a cashier has open at an event, if any. */
export async function openTillOf(db: Kysely<DB>, eventId: string, userId: string): Promise<TillDto | null> {
  const row = await db
    .selectFrom('sales_tills')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('opened_by', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row ? (await withNames(db, [row]))[0] : null;
}

/**
 * The till's sales against the orders they made (sales.orders): each sale's amount must equal its order's
 * total, and the order must still be paid. A later refund or cancellation shows here as a mismatch.
 */
export async function reconcileTill(db: Kysely<DB>, entries: TillEntryDto[]): Promise<TillReconciliationDto> {
  const sales = entries.filter((e) => e.kind === 'sale' && e.orderId);
  const orders = sales.length
    ? await db.selectFrom('sales_orders').select(['id', 'total', 'status']).where('id', 'in', sales.map((s) => s.orderId!)).execute()
    : [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  const mismatched: TillReconciliationDto['mismatched'] = [];
  let salesTotal = 0;
  let ordersTotal = 0;
  for (const s of sales) {
    salesTotal += s.amount;
    const o = byId.get(s.orderId!);
    const paid = o && o.status === 'paid' ? Number(o.total) : 0;
    ordersTotal += paid;
    if (!o || o.status !== 'paid' || Number(o.total) !== s.amount) {
      mismatched.push({ orderId: s.orderId!, sale: s.amount, order: o ? Number(o.total) : null, status: o?.status ?? null });
    }
  }
  return { salesTotal, ordersTotal, matches: mismatched.length === 0, mismatched };
}
