import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reserveOrder } from '../../src/commands/sales/reserve.js';
import { loadSaleState } from '../../src/commands/sales/sale-state.js';
import { createContext, type AppContext } from '../../src/context.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { useTestApp } from '../support/app.js';
import { organizer } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

/**
 * The per-process sale state (src/commands/sales/sale-state.ts): the event's and the store settings' folded state
 * cached per process and refreshed from their tails in one multi-stream read. The organizer's changes go through
 * one API process (the HTTP app); the reservations through a second one (its own event store, so its own cache)
 * that has the old state cached: every change must be seen by its next reservation.
 */
describe('sale state cached per process', () => {
  const app = useTestApp();
  let second: AppContext;
  beforeAll(async () => {
    second = await createContext(app.ctx.config, { logger: pino({ level: 'silent' }), migrate: false });
  });
  afterAll(async () => {
    await second?.close();
  });

  const reserve = (ctx: AppContext, by: { eventId?: string; eventCode?: string }, ticketTypeId: string, quantity: number) =>
    reserveOrder(ctx, { ...by, lines: [{ ticketTypeId, quantity }], clientId: randomUUID(), buyerId: null });
  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    return (err as DomainError).code;
  };

  it('given a cached event, when another process changes its settings, price and publication, then the next reservation sees each change', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 100, tickets: [{ name: 'General', price: 30, quantity: 50, maxPerOrder: 10 }], paid: true });
    // Cached here: 4 tickets at S/ 30.
    const first = await reserve(second, { eventId: ev.id }, ev.ticketIds[0], 4);
    expect(first.order.total).toBe(12_000);

    const saved = await org.put(`/event/${ev.id}/storeSettings`, {
      holdMinutes: 7,
      maxTicketsPerOrder: 3,
      maxOrdersPerEmail: null,
      invoice: { ruc: null, businessName: null, address: null, taxRate: 18, receiptChoice: false },
      bankDeposit: null,
      expectedVersion: 0,
      clientId: randomUUID(),
    });
    expect(saved.status).toBe(200);
    expect(await refusal(reserve(second, { eventId: ev.id }, ev.ticketIds[0], 4))).toBe('OVER_MAX_TICKETS_PER_ORDER');
    const held = await reserve(second, { eventId: ev.id }, ev.ticketIds[0], 3);
    // The hold time is the new setting (7 minutes), not the default.
    expect(Date.parse(held.order.holdUntil!) - Date.parse(held.order.createdAt)).toBeGreaterThan(6 * 60_000);
    expect(Date.parse(held.order.holdUntil!) - Date.parse(held.order.createdAt)).toBeLessThanOrEqual(7 * 60_000 + 1000);

    const repriced = await org.put(`/event/${ev.id}/ticket/${ev.ticketIds[0]}`, { price: 45 });
    expect(repriced.status).toBe(200);
    expect((await reserve(second, { eventId: ev.id }, ev.ticketIds[0], 2)).order.total).toBe(9_000);

    expect((await org.post(`/event/${ev.id}/cancel`, {})).status).toBe(200);
    expect(await refusal(reserve(second, { eventId: ev.id }, ev.ticketIds[0], 1))).toBe('EVENT_NOT_ON_SALE');
  });

  it('given a code cached for one event, when that event is renamed and another takes the code, then a reservation by the code reaches the other', async () => {
    const org = await organizer(app.url);
    const a = await publishedEvent(org, { capacity: 100, tickets: [{ name: 'General', price: 20, quantity: 50 }], paid: true });
    const b = await publishedEvent(org, { capacity: 100, tickets: [{ name: 'Platea', price: 60, quantity: 50 }], paid: true });
    expect((await reserve(second, { eventCode: a.code.toUpperCase() }, a.ticketIds[0], 1)).order.eventId).toBe(a.id);

    const renamed = `${a.code}-nuevo`;
    expect((await org.put(`/event/${a.id}`, { eventCode: renamed })).status).toBe(200);
    const taken = await org.put(`/event/${b.id}`, { eventCode: a.code });
    expect(taken.status).toBe(200);
    // The events read model must name b by the code before the lookup can find it.
    expect(await waitForPosition(app.ctx.db, app.ctx.store, taken.body.position, { timeoutMs: 20_000 })).toBeTruthy();

    const byOldCode = await reserve(second, { eventCode: a.code }, b.ticketIds[0], 1);
    expect(byOldCode.order.eventId).toBe(b.id);
    expect((await reserve(second, { eventCode: renamed }, a.ticketIds[0], 1)).order.eventId).toBe(a.id);
  });

  it('given many requests for one event at once, then they share reads (fewer multi-stream reads than requests), each started after its request', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 100, tickets: [{ name: 'General', price: 10, quantity: 50 }], paid: true });
    const spy = vi.spyOn(second.store, 'readStreams');
    try {
      const states = await Promise.all(Array.from({ length: 40 }, () => loadSaleState(second, ev.id)));
      expect(states.every((s) => s.event?.tickets[0].id === ev.ticketIds[0])).toBe(true);
      expect(spy.mock.calls.length).toBeGreaterThan(0);
      expect(spy.mock.calls.length).toBeLessThan(40);
      // A request arriving after a change reads it even while an older read is in flight.
      const inFlight = loadSaleState(second, ev.id);
      const changed = await org.put(`/event/${ev.id}/ticket/${ev.ticketIds[0]}`, { price: 11 });
      expect(changed.status).toBe(200);
      const after = await loadSaleState(second, ev.id);
      await inFlight;
      expect(after.event?.tickets[0].price).toBe(11);
    } finally {
      spy.mockRestore();
    }
  });

  it('an unknown event id is not on sale and is not cached', async () => {
    expect(await refusal(reserve(second, { eventId: randomUUID() }, randomUUID(), 1))).toBe('EVENT_NOT_ON_SALE');
    expect((await loadSaleState(second, randomUUID())).event).toBeNull();
  });
});
