import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { orderStreamId, type OrderEvent } from '../../src/domain/sales/order.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { ordersProjection } from '../../src/projections/sales/orders.js';
import { ticketsProjection } from '../../src/projections/sales/tickets.js';
import { useFixture } from '../support/app.js';
import { createTestContext } from '../support/context.js';

/**
 * The orders projection writes a batch's new reservations together (orders, lines and history in a few INSERTs,
 * src/projections/sales/orders.ts): the rows must be exactly those of one event per batch.
 */
describe('orders projection: reservations written in batches', () => {
  const t = useFixture(createTestContext, (ctx) => ctx.dispose());

  const rows = async () => ({
    orders: (await sql`SELECT * FROM sales_orders ORDER BY id`.execute(t.db)).rows,
    lines: (await sql`SELECT order_id, ticket_type_id, name, quantity, unit_price FROM sales_order_lines ORDER BY order_id, ticket_type_id`.execute(t.db)).rows,
    history: (await sql`SELECT * FROM sales_order_history ORDER BY order_id, version`.execute(t.db)).rows,
    tickets: (await sql`SELECT * FROM sales_tickets ORDER BY order_id, position`.execute(t.db)).rows,
  });

  it('given reservations interleaved with payments, expiries and attendees, then one batch writes the orders, lines, history and tickets one event per batch writes', async () => {
    const eventId = randomUUID();
    const at = '2031-05-01T10:00:00.000Z';
    const orders = Array.from({ length: 40 }, (_, i) => ({ orderId: randomUUID(), quantity: 1 + (i % 4), free: i % 10 === 9 }));
    for (const [i, o] of orders.entries()) {
      const unitPrice = o.free ? 0 : 5000;
      const events: OrderEvent[] = [
        {
          type: 'sales.OrderReserved',
          data: {
            orderId: o.orderId,
            eventId,
            buyerId: null,
            currency: 'PEN',
            lines: [
              { ticketTypeId: 'general', name: 'General', quantity: o.quantity, unitPrice, currency: 'PEN' },
              ...(i % 3 === 0 ? [{ ticketTypeId: 'vip', name: 'VIP', quantity: 1, unitPrice, currency: 'PEN' as const }] : []),
            ],
            total: unitPrice * (o.quantity + (i % 3 === 0 ? 1 : 0)),
            holdUntil: '2031-05-01T10:15:00.000Z',
            at,
            buyer: i % 2 ? { name: `Compradora ${i}`, email: `c${i}@example.test` } : null,
          },
        },
      ];
      await t.store.appendToStream(orderStreamId(o.orderId), events, { expectedVersion: 'no_stream' });
      // Every fourth order goes on in a later append (so reservations and other events interleave in the log).
      if (i % 4 === 1) {
        await t.store.appendToStream(
          orderStreamId(o.orderId),
          [
            { type: 'sales.OrderPaid', data: { orderId: o.orderId, eventId, method: 'card', amount: 5000, currency: 'PEN', at, chargeId: `chr_${i}` } },
            {
              type: 'sales.TicketsIssued',
              data: {
                orderId: o.orderId,
                eventId,
                buyerId: null,
                at,
                tickets: Array.from({ length: o.quantity }, (_, k) => ({
                  ticketId: randomUUID(),
                  code: `T${i}-${k}-${randomUUID().slice(0, 6)}`,
                  ticketTypeId: 'general',
                  ticketTypeName: 'General',
                  attendeeName: k === 0 ? `Asistente ${i}` : null,
                  attendeeEmail: null,
                })),
              },
            },
          ],
          { expectedVersion: 0 },
        );
      }
      if (i % 4 === 2) await t.store.appendToStream(orderStreamId(o.orderId), [{ type: 'sales.OrderExpired', data: { orderId: o.orderId, eventId, at } }], { expectedVersion: 0 });
      if (i % 4 === 3) {
        await t.store.appendToStream(
          orderStreamId(o.orderId),
          [{ type: 'sales.AttendeesSet', data: { orderId: o.orderId, eventId, buyer: { name: 'Ana', email: 'ana@example.test' }, attendees: [{ ticketTypeId: 'general', name: 'Ana', email: 'ana@example.test', answers: {} }], at } }],
          { expectedVersion: 0 },
        );
      }
    }
    // A rebuild stops at the first empty page: while another test's transaction holds the store's read horizon, the
    // events just appended may not be readable yet, so each rebuild is repeated until it applied all of them.
    const appended = (await sql<{ type: string }>`SELECT type FROM es_events WHERE stream_id LIKE 'sales-order-%'`.execute(t.db)).rows.map((r) => r.type);
    const rebuildAll = async (projection: typeof ordersProjection | typeof ticketsProjection, batchSize: number) => {
      const expected = appended.filter((type) => (projection.eventTypes as string[]).includes(type)).length;
      for (const deadline = Date.now() + 30_000; ; ) {
        const r = await rebuildProjection({ db: t.db, store: t.store }, projection, { batchSize });
        if (r.applied === expected || Date.now() > deadline) return r;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const one = await rebuildAll(ordersProjection, 1);
    await rebuildAll(ticketsProjection, 1);
    const oneByOne = await rows();
    expect(oneByOne.orders).toHaveLength(40);
    expect(oneByOne.history.length).toBe(40 + 30 + 10);
    expect(oneByOne.tickets.length).toBe(orders.filter((_, i) => i % 4 === 1).reduce((n, o) => n + o.quantity, 0));
    const all = await rebuildAll(ordersProjection, 2000);
    await rebuildAll(ticketsProjection, 2000);
    expect(all.applied).toBe(one.applied);
    expect(await rows()).toEqual(oneByOne);
    const statuses = new Map(oneByOne.orders.map((r: any) => [r.id, r.status]));
    expect(statuses.get(orders[1].orderId)).toBe('paid');
    expect(statuses.get(orders[2].orderId)).toBe('expired');
    expect(statuses.get(orders[0].orderId)).toBe('reserved');
  });
});
