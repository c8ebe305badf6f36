import type { Transaction, Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ORDER_EVENT_TYPES, type OrderEvent, type OrderReserved } from '../../domain/sales/order.js';
import type { Recorded } from '../../eventstore/port.js';
import { expireOrderJob } from '../../workers/sales/expire-order.js';
import { defineProjection } from '../projection.js';
import { pushOrderUpdates } from './push.js';

/**
 * `sales.orders`: one row per order with its lines, attendees and history, from the order streams. A
 * reservation schedules its expiry job after commit, due at holdUntil and keyed by the order id (a replayed
 * batch schedules nothing twice); every changed order is pushed to its event's team (`order:updated`).
 */
export const ordersProjection = defineProjection<OrderEvent>({
  name: 'sales.orders',
  eventTypes: ORDER_EVENT_TYPES,
  async handle(events, ctx) {
    const changed = new Map<string, { eventId: string; orderId: string; position: string }>();
    const scheduleExpiry = (orderId: string, holdUntil: string) =>
      ctx.afterCommit(({ jobs }) => jobs.enqueue(expireOrderJob, { orderId }, orderId, { delay: Date.parse(holdUntil) - Date.now() }));
    // A rush is mostly new reservations: consecutive OrderReserved are written together (their orders in one
    // INSERT, their lines in another) and every event's history row in one INSERT at the end, so a batch costs a
    // few statements instead of three per reservation. Other events apply one by one, after the run before them.
    let run: Recorded<OrderReserved>[] = [];
    const flush = async () => {
      if (run.length) await insertReserved(ctx.trx, run, scheduleExpiry);
      run = [];
    };
    for (const e of events) {
      if (e.type === 'sales.OrderReserved') run.push(e);
      else {
        await flush();
        await apply(ctx.trx, e, (holdUntil) => scheduleExpiry(e.data.orderId, holdUntil));
      }
      changed.set(e.data.orderId, { eventId: e.data.eventId, orderId: e.data.orderId, position: e.position });
    }
    await flush();
    await history(ctx.trx, events);
    if (!ctx.replaying && changed.size) await pushOrderUpdates(ctx, [...changed.values()]);
  },
  async reset(trx) {
    await trx.deleteFrom('sales_order_history').execute();
    await trx.deleteFrom('sales_order_attendees').execute();
    await trx.deleteFrom('sales_order_lines').execute();
    await trx.deleteFrom('sales_orders').execute();
  },
});

type Trx = Transaction<DB>;

async function apply(trx: Trx, e: Recorded<OrderEvent>, scheduleExpiry: (holdUntil: string) => void) {
  const set = (values: Updateable<DB['sales_orders']>) =>
    trx.updateTable('sales_orders').set(values).where('id', '=', e.data.orderId).execute();
  switch (e.type) {
    case 'sales.OrderReserved': {
      const d = e.data;
      const inserted = await trx
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
          buyer_name: d.buyer?.name ?? null,
          buyer_email: d.buyer?.email ?? null,
          buyer_phone: d.buyer?.phone ?? null,
          created_by: d.by ?? null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return;
      await trx
        .insertInto('sales_order_lines')
        .values(d.lines.map((l) => ({ order_id: d.orderId, ticket_type_id: l.ticketTypeId, name: l.name, quantity: l.quantity, unit_price: l.unitPrice })))
        .execute();
      // Free and team-issued orders are paid in the same append: nothing to expire.
      if (d.total > 0 && !d.by) scheduleExpiry(d.holdUntil);
      return;
    }
    case 'sales.AttendeesSet': {
      const d = e.data;
      await set({ buyer_name: d.buyer.name, buyer_email: d.buyer.email, buyer_phone: d.buyer.phone ?? null, updated_at: d.at, ...(d.receipt ? { receipt: JSON.stringify(d.receipt) } : {}) });
      await trx.deleteFrom('sales_order_attendees').where('order_id', '=', d.orderId).execute();
      if (d.attendees.length) {
        await trx
          .insertInto('sales_order_attendees')
          .values(
            d.attendees.map((a, position) => ({
              order_id: d.orderId,
              position,
              ticket_type_id: a.ticketTypeId,
              name: a.name,
              email: a.email,
              answers: JSON.stringify(a.answers),
            })),
          )
          .execute();
      }
      return;
    }
    case 'sales.OfflinePaymentAnnounced': {
      const { voucher, at } = e.data;
      await set({ status: 'awaiting_payment', payment_method: 'deposit', voucher_ref: voucher.ref, voucher_name: voucher.fileName, voucher_type: voucher.contentType, voucher_size: voucher.size, updated_at: at });
      return;
    }
    case 'sales.DepositRejected':
      await set({ cancel_reason: e.data.reason, updated_at: e.data.at });
      return;
    case 'sales.OrderExpired':
      await set({ status: 'expired', updated_at: e.data.at });
      return;
    case 'sales.OrderPaid':
      await set({ status: 'paid', payment_method: e.data.method, charge_id: e.data.chargeId ?? null, paid_at: e.data.at, paid_amount: e.data.amount, updated_at: e.data.at });
      return;
    case 'sales.OrderCancelled':
      await set({ status: 'cancelled', cancel_reason: e.data.reason, updated_at: e.data.at });
      return;
    case 'sales.OrderRefunded':
      await set({ status: 'refunded', refunded_at: e.data.at, refunded_amount: e.data.amount, updated_at: e.data.at });
      return;
    case 'sales.LatePaymentRefunded':
      await trx
        .updateTable('sales_orders')
        .set((eb) => ({ late_refunded_amount: eb('late_refunded_amount', '+', e.data.amount), updated_at: e.data.at }))
        .where('id', '=', e.data.orderId)
        .execute();
      return;
    case 'sales.TicketsIssued':
    case 'sales.TicketTransferred':
    case 'sales.AttendeeAssigned':
      // Tickets are sales.tickets' rows; the order only records the change in its history.
      await set({ updated_at: e.data.at });
      return;
  }
}

/** What the history shows of each event: small, without personal data beyond the names the team already sees. */
function detailOf(e: Recorded<OrderEvent>): Record<string, unknown> {
  switch (e.type) {
    case 'sales.OrderReserved':
      return { total: e.data.total, currency: e.data.currency, tickets: e.data.lines.reduce((n, l) => n + l.quantity, 0) };
    case 'sales.AttendeesSet':
      return { attendees: e.data.attendees.length, ...(e.data.receipt ? { receipt: e.data.receipt.kind } : {}) };
    case 'sales.OfflinePaymentAnnounced':
      return { method: e.data.method, fileName: e.data.voucher.fileName };
    case 'sales.DepositRejected':
      return { reason: e.data.reason };
    case 'sales.OrderExpired':
      return {};
    case 'sales.OrderPaid':
      return { method: e.data.method, amount: e.data.amount, currency: e.data.currency, ...(e.data.late ? { late: true } : {}) };
    case 'sales.TicketsIssued':
      return { tickets: e.data.tickets.length };
    case 'sales.OrderCancelled':
      return { reason: e.data.reason };
    case 'sales.OrderRefunded':
      return { amount: e.data.amount, currency: e.data.currency, method: e.data.method, reason: e.data.reason };
    case 'sales.LatePaymentRefunded':
      return { amount: e.data.amount, currency: e.data.currency, method: e.data.method };
    case 'sales.TicketTransferred':
    case 'sales.AttendeeAssigned':
      return { ticketId: e.data.ticketId, name: e.data.name };
  }
}

/** Rows per INSERT (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 500;
const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

/** The history rows of a batch's events (one INSERT per 500; a replayed event's row is already there). */
async function history(trx: Trx, events: Recorded<OrderEvent>[]) {
  const rows = events.map((e) => {
    const by = ('by' in e.data ? (e.data.by ?? null) : null) ?? e.metadata.userId ?? null;
    return { order_id: e.data.orderId, version: e.streamVersion, type: e.type.replace(/^sales\./, ''), at: e.data.at, by, detail: JSON.stringify(detailOf(e)) };
  });
  for (const chunk of chunks(rows)) {
    await trx
      .insertInto('sales_order_history')
      .values(chunk)
      .onConflict((oc) => oc.columns(['order_id', 'version']).doNothing())
      .execute();
  }
}

/**
 * New reservations' rows, several at once: the orders (a replayed one exists already and is skipped with its
 * lines, as the one-by-one path does), then the lines of those inserted; expiry scheduled as in `apply`.
 */
async function insertReserved(trx: Trx, events: Recorded<OrderReserved>[], scheduleExpiry: (orderId: string, holdUntil: string) => void) {
  // An order is reserved once per stream; a repeated id in one run keeps the first, as ON CONFLICT would.
  const byOrder = new Map<string, OrderReserved['data']>();
  for (const e of events) if (!byOrder.has(e.data.orderId)) byOrder.set(e.data.orderId, e.data);
  for (const chunk of chunks([...byOrder.values()])) {
    const inserted = await trx
      .insertInto('sales_orders')
      .values(
        chunk.map((d) => ({
          id: d.orderId,
          event_id: d.eventId,
          buyer_id: d.buyerId,
          status: 'reserved' as const,
          currency: d.currency,
          total: d.total,
          hold_until: d.holdUntil,
          created_at: d.at,
          updated_at: d.at,
          buyer_name: d.buyer?.name ?? null,
          buyer_email: d.buyer?.email ?? null,
          buyer_phone: d.buyer?.phone ?? null,
          created_by: d.by ?? null,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    const fresh = inserted.map((r) => byOrder.get(r.id)!);
    const lines = fresh.flatMap((d) => d.lines.map((l) => ({ order_id: d.orderId, ticket_type_id: l.ticketTypeId, name: l.name, quantity: l.quantity, unit_price: l.unitPrice })));
    for (const part of chunks(lines)) await trx.insertInto('sales_order_lines').values(part).execute();
    // Free and team-issued orders are paid in the same append: nothing to expire.
    for (const d of fresh) if (d.total > 0 && !d.by) scheduleExpiry(d.orderId, d.holdUntil);
  }
}
