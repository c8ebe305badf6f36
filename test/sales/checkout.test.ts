import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { client, createEvent, organizer } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

/** The buyer's pages' own routes: what the ticket picker offers. */
describe('GET event/:code/availability', () => {
  const app = useTestApp();

  it('offers the public types with the seats left (per type, capped by the shared capacity); hidden and invitation-only types are left out', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, {
      capacity: 12,
      paid: true,
      tickets: [
        { name: 'General', price: 30.5, quantity: 10, minPerOrder: 1, maxPerOrder: 6 },
        { name: 'VIP', price: 120, quantity: 5, minPerOrder: 2, maxPerOrder: 4 },
        { name: 'Prensa', price: 0, quantity: 5, visibility: 'hidden' },
        { name: 'Invitados', price: 0, quantity: 5, visibility: 'invitation' },
        { name: 'Preventa 2029', price: 20, quantity: 5, saleStart: '2029-01-01T00:00:00.000Z' },
      ],
    });
    const anon = client(app.url);
    const first = await anon.get(`/event/${ev.code}/availability`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ eventId: ev.id, eventCode: ev.code, currency: 'PEN', onSale: true, capacityLeft: 12 });
    expect(first.body.ticketTypes.map((t: { name: string }) => t.name)).toEqual(['General', 'VIP', 'Preventa 2029']);
    expect(first.body.ticketTypes[0]).toEqual({
      _id: ev.ticketIds[0],
      name: 'General',
      unitPrice: 3050,
      saleStart: null,
      saleEnd: null,
      saleStatus: 'onSale',
      minPerOrder: 1,
      maxPerOrder: 6,
      remaining: 10,
      soldOut: false,
    });
    expect(first.body.ticketTypes[2]).toMatchObject({ saleStatus: 'upcoming', saleStart: '2029-01-01T00:00:00.000Z', remaining: 5 });

    // 9 seats held: General has 1 left of its own, VIP is capped by the 3 left of the capacity.
    const r = await anon.post('/reservation', { eventCode: ev.code, clientId: randomUUID(), lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 6 }] });
    expect(r.status).toBe(201);
    const r2 = await anon.post('/reservation', { eventCode: ev.code, clientId: randomUUID(), lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 3 }] });
    expect(r2.status).toBe(201);
    const after = await anon.get(`/event/${ev.code}/availability`);
    expect(after.body.capacityLeft).toBe(3);
    expect(after.body.ticketTypes.map((t: { remaining: number; soldOut: boolean }) => [t.remaining, t.soldOut])).toEqual([
      [1, false],
      [3, false],
      [3, false],
    ]);
    // Its id works as well as its code.
    expect((await anon.get(`/event/${ev.id}/availability`)).body.capacityLeft).toBe(3);

    // Fewer seats left than a type's minimum per order: sold out for that type.
    const r3 = await anon.post('/reservation', { eventCode: ev.code, clientId: randomUUID(), lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }, { ticketTypeId: ev.ticketIds[1], quantity: 2 }] });
    expect(r3.status).toBe(201);
    const full = await anon.get(`/event/${ev.code}/availability`);
    expect(full.body.capacityLeft).toBe(0);
    expect(full.body.ticketTypes.every((t: { soldOut: boolean; remaining: number }) => t.soldOut && t.remaining === 0)).toBe(true);
  });

  it('answers an unknown code and a draft as not on sale, in Spanish', async () => {
    const anon = client(app.url);
    const unknown = await anon.get('/event/no-existe-este-evento/availability');
    expect(unknown.body).toMatchObject({ status: 404, code: 'EVENT_NOT_ON_SALE', messagePublic: 'Este evento no tiene entradas a la venta.' });
    const org = await organizer(app.url);
    const draft = (await createEvent(org)).data;
    expect((await anon.get(`/event/${draft.eventCode}/availability`)).body.code).toBe('EVENT_NOT_ON_SALE');
    // Its own team gets the same answer: a draft sells nothing.
    expect((await org.get(`/event/${draft._id}/availability`)).status).toBe(404);
  });

  it('a cancelled event offers nothing', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: null, tickets: [{ name: 'General', quantity: 10 }] });
    expect((await org.post(`/event/${ev.id}/cancel`)).status).toBe(200);
    const r = await client(app.url).get(`/event/${ev.code}/availability`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ onSale: false, ticketTypes: [] });
  });
});

describe('GET events/mine: the events the user attends', () => {
  const app = useTestApp();

  it('lists an event the user holds paid tickets of (attending, no roles) beside the team’s own; a reservation not paid does not count', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: null, paid: true, tickets: [{ name: 'Charla', price: 0, quantity: 10 }, { name: 'Taller', price: 20, quantity: 10 }] });
    const other = await publishedEvent(org, { capacity: null, paid: true, tickets: [{ name: 'General', price: 15, quantity: 10 }] });
    const buyer = await organizer(app.url, 'Asistente');
    // Free: paid at once, tickets issued. The other event's order is only reserved.
    const free = await buyer.post('/reservation', { eventCode: ev.code, clientId: randomUUID(), lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] });
    expect(free.body.order.status).toBe('paid');
    const held = await buyer.post('/reservation', { eventCode: other.code, clientId: randomUUID(), lines: [{ ticketTypeId: other.ticketIds[0], quantity: 1 }] });
    expect(held.body.order.status).toBe('reserved');

    const mine = await buyer.get(`/events/mine?after=${held.body.position}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((e: { _id: string }) => e._id)).toEqual([ev.id]);
    expect(mine.body.data[0]).toMatchObject({ attending: true, owner: false, roles: {} });
    // The organizer's own list is unchanged: organized, not attended.
    const own = await org.get('/events/mine');
    expect(own.body.data.map((e: { _id: string; attending: boolean }) => [e._id, e.attending]).sort()).toEqual([[ev.id, false], [other.id, false]].sort());
    // Filters apply to attended events as to the others.
    expect((await buyer.get('/events/mine?filter=past')).body.data).toEqual([]);
    expect((await buyer.get('/events/mine?filter=upcoming')).body.data.map((e: { _id: string }) => e._id)).toEqual([ev.id]);
  });
});
