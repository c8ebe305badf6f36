import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { holdSeatsGrouped, heldOf, type HoldResult } from '../../src/commands/sales/quota-group.js';
import { createContext, type AppContext } from '../../src/context.js';
import { toNewEvents } from '../../src/commands/new-events.js';
import { quotaDecider, quotaStreamId, type HoldSeats } from '../../src/domain/sales/quota.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { useFixture } from '../support/app.js';
import { createTestContext, type TestContext } from '../support/context.js';

/**
 * Group commit on the quota stream (src/commands/sales/quota-group.ts): holds arriving together are decided one by
 * one and appended at once, and the version check still guards the seats against a second process.
 */
describe('grouped seat holds', () => {
  const two = useFixture(
    async () => {
      const first = await createTestContext();
      // A second "API process": its own event-store instance, so its cache and its groups are its own.
      const second = await createContext(first.config, { logger: pino({ level: 'silent' }), migrate: false });
      return { first, second };
    },
    async ({ first, second }: { first: TestContext; second: AppContext }) => {
      await second.close();
      await first.dispose();
    },
  );

  const hold = (eventId: string, quantity: number, capacity: number): HoldSeats => ({
    type: 'sales.HoldSeats',
    data: {
      eventId,
      orderId: randomUUID(),
      buyerId: null,
      lines: [{ ticketTypeId: 'general', name: 'General', quantity, unitPrice: 1000, currency: 'PEN' }],
      holdUntil: new Date(Date.now() + 60_000).toISOString(),
      quantities: { general: 1000 },
      capacity,
    },
  });

  it('the race without the guard: deciding on a read and appending without the version check oversells', async () => {
    const eventId = randomUUID();
    const naive = async (ctx: AppContext, quantity: number) => {
      const recorded = await ctx.store.readStream(quotaStreamId(eventId));
      const state = recorded.reduce((s, e) => quotaDecider.evolve(s, e as never), quotaDecider.initialState());
      const events = quotaDecider.decide(hold(eventId, quantity, 50), state, { now: new Date(), newId: randomUUID });
      await new Promise((r) => setTimeout(r, 5)); // the window between the read and the write
      await ctx.store.appendToStream(quotaStreamId(eventId), toNewEvents(ctx, events, {}), { expectedVersion: 'any' });
    };
    await Promise.allSettled(Array.from({ length: 60 }, (_, i) => naive(i % 2 ? two.second : two.first, 1 + (i % 4))));
    const stream = await two.first.store.readStream(quotaStreamId(eventId));
    const state = stream.reduce((s, e) => quotaDecider.evolve(s, e as never), quotaDecider.initialState());
    expect(state.total).toBeGreaterThan(50);
  });

  it('120 holds from two processes at once on 50 seats: never oversold, refusals only when the seats ran out, fewer appends than holds', async () => {
    const eventId = randomUUID();
    const asks = Array.from({ length: 120 }, (_, i) => ({ quantity: 1 + (i % 4), ctx: i % 2 ? two.second : two.first }));
    const results = await Promise.allSettled(asks.map((a) => holdSeatsGrouped(a.ctx, hold(eventId, a.quantity, 50), { commandId: `reserve:${randomUUID()}` })));
    const accepted = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ ...asks[i], result: r.value }] : []));
    const refused = results.flatMap((r, i) => (r.status === 'rejected' ? [{ ...asks[i], err: r.reason as unknown }] : []));
    for (const r of refused) expect(r.err).toBeInstanceOf(DomainError);
    const sold = accepted.reduce((s, a) => s + a.quantity, 0);
    expect(sold).toBeLessThanOrEqual(50);
    for (const r of refused) expect(50 - sold).toBeLessThan(r.quantity);
    const stream = await two.first.store.readStream(quotaStreamId(eventId));
    expect(stream).toHaveLength(accepted.length);
    expect(stream.map((e) => (e.data as { orderId: string }).orderId).sort()).toEqual(accepted.map((a) => heldOf(a.result)!.data.orderId).sort());
    // Grouped: several holds share an append (one position).
    expect(new Set(accepted.map((a) => a.result.position)).size).toBeLessThan(accepted.length);
  });

  it('a double submit in one group and a later retry answer the first hold; the stream has it once', async () => {
    const eventId = randomUUID();
    const commandId = `reserve:buyer:${randomUUID()}`;
    const first = hold(eventId, 2, 10);
    const twice: HoldResult[] = await Promise.all([
      holdSeatsGrouped(two.first, first, { commandId }),
      holdSeatsGrouped(two.first, { ...first, data: { ...first.data, orderId: randomUUID() } }, { commandId }),
      holdSeatsGrouped(two.first, hold(eventId, 1, 10), { commandId: `reserve:other:${randomUUID()}` }),
    ]);
    expect(heldOf(twice[1])!.data.orderId).toBe(first.data.orderId);
    expect(twice.map((r) => r.duplicate)).toEqual([false, true, false]);
    const later = await holdSeatsGrouped(two.second, { ...first, data: { ...first.data, orderId: randomUUID() } }, { commandId });
    expect(later.duplicate).toBe(true);
    expect(heldOf(later)!.data.orderId).toBe(first.data.orderId);
    const stream = await two.first.store.readStream(quotaStreamId(eventId));
    expect(stream.filter((e) => e.metadata.commandId === commandId)).toHaveLength(1);
    expect(stream).toHaveLength(2);
  });
});
