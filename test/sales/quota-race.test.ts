import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createContext, type AppContext } from '../../src/context.js';
import { startNode, type RunningNode } from '../../src/server.js';
import { quotaStreamId } from '../../src/domain/sales/quota.js';
import { seatsTaken } from '../../src/projections/sales/queries.js';
import { useFixture } from '../support/app.js';
import { client, organizer, settle, startEventsNode, type Node } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

/**
 * Two API processes over one database (the second one a context of its own: its own event-store instance, so
 * its in-process command queue is separate and only PostgreSQL's version check stands between them), racing
 * 60 reservations of 1-4 tickets for a 50-seat event whose ticket types (40 + 30) exceed its capacity.
 */
describe('the seat quota under concurrency', () => {
  const two = useFixture(
    async () => {
      const first = await startEventsNode();
      const ctx2 = await createContext(first.ctx.config, { logger: pino({ level: 'silent' }), migrate: false });
      const second = await startNode(ctx2, { port: 0, host: '127.0.0.1', projections: false, workers: false });
      return { first, second, ctx2 };
    },
    async ({ first, second, ctx2 }: { first: Node; second: RunningNode; ctx2: AppContext }) => {
      await second.close();
      await ctx2.close();
      await first.stop();
    },
  );

  it('never oversells: accepted seats <= capacity, every accepted order is in the read model, refusals only when seats ran out', async () => {
    const t = two.first;
    const org = await organizer(t.node.url);
    const ev = await publishedEvent(org, {
      capacity: 50,
      // Priced, so the orders stay reserved (a free order is paid at once).
      paid: true,
      tickets: [
        { name: 'General', price: 20, quantity: 40, maxPerOrder: 4 },
        { name: 'Platea', price: 35, quantity: 30, maxPerOrder: 4 },
      ],
    });
    const nodes = [client(t.node.url), client(two.second.url)];
    const requests = Array.from({ length: 60 }, (_, i) => ({
      quantity: 1 + (i % 4),
      ticketTypeId: ev.ticketIds[i % 2],
      node: nodes[Math.floor(i / 2) % 2],
    }));
    const results = await Promise.all(
      requests.map((r) => r.node.post('/reservation', { eventCode: ev.code, lines: [{ ticketTypeId: r.ticketTypeId, quantity: r.quantity }], clientId: randomUUID() })),
    );

    const unexpected = results.filter((r) => r.status !== 201 && r.status !== 409).map((r) => `${r.status} ${JSON.stringify(r.body)}`);
    expect(unexpected).toEqual([]);
    const accepted = results.flatMap((r, i) => (r.status === 201 ? [{ ...requests[i], order: r.body.order, position: r.body.position as string }] : []));
    const refused = results.flatMap((r, i) => (r.status === 409 ? [{ ...requests[i], body: r.body }] : []));
    for (const r of refused) {
      expect(r.body).toMatchObject({ status: 409, code: 'SOLD_OUT' });
      expect(r.body.messagePublic).toMatch(/^No quedan entradas suficientes de «(General|Platea)»\.$/);
    }

    const sold = accepted.reduce((s, a) => s + a.quantity, 0);
    expect(sold).toBeLessThanOrEqual(50);
    // Demand (150 seats) far exceeds the supply: the guard refuses only what no longer fits.
    const left = 50 - sold;
    for (const r of refused) expect(left).toBeLessThan(r.quantity);
    // Per type as well.
    const byType = (id: string) => accepted.filter((a) => a.ticketTypeId === id).reduce((s, a) => s + a.quantity, 0);
    expect(byType(ev.ticketIds[0])).toBeLessThanOrEqual(40);
    expect(byType(ev.ticketIds[1])).toBeLessThanOrEqual(30);

    // The quota stream holds exactly the accepted orders.
    const quota = await t.ctx.store.readStream(quotaStreamId(ev.id));
    expect(quota.map((e) => (e.data as { orderId: string }).orderId).sort()).toEqual(accepted.map((a) => a.order._id).sort());

    // Every accepted reservation is in the read model, with its seats.
    for (const a of accepted) await settle(t, a.position);
    const anonymous = client(t.node.url);
    for (const a of accepted) {
      const r = await anonymous.get(`/reservation/${a.order._id}`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ _id: a.order._id, status: 'reserved', lines: [{ ticketTypeId: a.ticketTypeId, quantity: a.quantity }] });
    }
    expect((await seatsTaken(t.ctx.db, ev.id)).total).toBe(sold);
  }, 120_000);
});
