import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderStreamId } from '../../src/domain/sales/order.js';
import { quotaStreamId } from '../../src/domain/sales/quota.js';
import { seatsTaken } from '../../src/projections/sales/queries.js';
import { ordersProjection } from '../../src/projections/sales/orders.js';
import { holdSeats } from '../../src/commands/sales/reserve.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { ticketsProjection } from '../../src/projections/sales/tickets.js';
import { useTestApp } from '../support/app.js';
import { client, createEvent, eventually, organizer, signUpVerified } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

/** Reservations over HTTP, with a 2-second hold so that the expiry job runs within the test. */
describe('POST/GET reservation', () => {
  const app = useTestApp({ env: { SALES_HOLD_SECONDS: '2' } });
  const reserve = (c: ReturnType<typeof client>, body: Record<string, unknown>) => c.post('/reservation', { clientId: randomUUID(), ...body });

  it('a signed-in buyer reserves priced lines (minor units); the buyer and the event team read it, nobody else', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 100, paid: true, tickets: [{ name: 'General', price: 30.5, quantity: 10 }, { name: 'VIP', price: 120, quantity: 5 }] });
    const buyer = await organizer(app.url, 'Compradora');
    const before = Date.now();
    const r = await reserve(buyer, { eventCode: ev.code, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 2 }, { ticketTypeId: ev.ticketIds[1], quantity: 1 }] });
    expect(r.status).toBe(201);
    const order = r.body.order;
    expect(order).toMatchObject({ eventId: ev.id, buyerId: buyer.user!.user._id, status: 'reserved', currency: 'PEN', total: 2 * 3050 + 12000 });
    expect(order.lines).toEqual([
      { ticketTypeId: ev.ticketIds[0], name: 'General', quantity: 2, unitPrice: 3050, currency: 'PEN' },
      { ticketTypeId: ev.ticketIds[1], name: 'VIP', quantity: 1, unitPrice: 12000, currency: 'PEN' },
    ]);
    const hold = Date.parse(order.holdUntil) - before;
    expect(hold).toBeGreaterThan(1000);
    expect(hold).toBeLessThan(4000);

    const path = `/reservation/${order._id}?after=${r.body.position}`;
    const mine = await buyer.get(path);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ _id: order._id, total: 18100, lines: order.lines });
    expect((await org.get(path)).status).toBe(200); // the owner holds order.read
    // A store cashier holds order.read; the registration desk does not.
    const team = async (role: string, name: string) => {
      const who = await signUpVerified(app, { displayName: name });
      const granted = await org.post(`/event/${ev.id}/collaborator`, { email: who.email, module: 'store', role });
      expect(granted.body.data.status).toBe('granted');
      return client(app.url, who);
    };
    expect((await (await team('cash_register', 'Cajera')).get(path)).status).toBe(200);
    expect((await (await team('register', 'Recepción')).get(path)).body.code).toBe('ORDER_NOT_FOUND');
    const stranger = await organizer(app.url, 'Otra');
    expect((await stranger.get(path)).body).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND', messagePublic: 'La reserva no existe.' });
    expect((await client(app.url).get(path)).status).toBe(401);
    expect((await buyer.get(`/reservation/${randomUUID()}`)).body.code).toBe('ORDER_NOT_FOUND');
  });

  it('the same clientId answers the same order, also when retried concurrently; one hold, one order event', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 50, paid: true, tickets: [{ name: 'General', price: 10, quantity: 20 }] });
    const body = { eventId: ev.id, clientId: randomUUID(), lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 3 }] };
    const anon = client(app.url);
    const results = await Promise.all([anon.post('/reservation', body), anon.post('/reservation', body), anon.post('/reservation', body)]);
    expect(results.map((x) => x.status)).toEqual([201, 201, 201]);
    const ids = new Set(results.map((x) => x.body.order._id));
    expect(ids.size).toBe(1);
    const again = await anon.post('/reservation', body);
    expect(again.body.order._id).toBe([...ids][0]);
    expect(await app.ctx.store.readStream(quotaStreamId(ev.id))).toHaveLength(1);
    expect(await app.ctx.store.readStream(orderStreamId([...ids][0]))).toHaveLength(1);
    // An anonymous order is read by its id.
    const read = await anon.get(`/reservation/${[...ids][0]}?after=${again.body.position}`);
    expect(read.body).toMatchObject({ buyerId: null, status: 'reserved' });
    expect((await seatsTaken(app.ctx.db, ev.id)).total).toBe(3);
  });

  it('refuses in Spanish: unknown type, over the max, under the min, outside the window, sold out, no such event, a draft, no event named', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, {
      capacity: 100,
      tickets: [
        { name: 'General', quantity: 5, maxPerOrder: 4 },
        { name: 'Preventa', quantity: 10, saleStart: '2029-01-01T00:00:00.000Z' },
        { name: 'Grupo', quantity: 10, minPerOrder: 3 },
      ],
    });
    const anon = client(app.url);
    const line = (i: number, quantity: number) => ({ eventCode: ev.code, lines: [{ ticketTypeId: ev.ticketIds[i], quantity }] });
    const expectError = async (body: Record<string, unknown>, status: number, code: string, messagePublic: string) => {
      const r = await reserve(anon, body);
      expect(r.status).toBe(status);
      expect(r.body).toMatchObject({ status, code, messagePublic });
    };
    await expectError({ eventCode: ev.code, lines: [{ ticketTypeId: randomUUID(), quantity: 1 }] }, 400, 'UNKNOWN_TICKET_TYPE', 'Ese tipo de entrada no existe o no está a la venta.');
    await expectError(line(0, 5), 400, 'OVER_MAX_PER_ORDER', 'Puedes comprar como máximo 4 entradas de «General» por pedido.');
    await expectError(line(2, 2), 400, 'UNDER_MIN_PER_ORDER', 'Debes comprar al menos 3 entradas de «Grupo» por pedido.');
    await expectError(line(1, 1), 409, 'SALE_NOT_STARTED', 'La venta de «Preventa» todavía no ha comenzado.');
    await expectError(line(0, 0), 400, 'EMPTY_ORDER', 'Elige al menos una entrada.');
    const first = { ...line(0, 4), clientId: randomUUID() };
    const accepted = await anon.post('/reservation', first);
    expect(accepted.status).toBe(201);
    await expectError(line(0, 2), 409, 'SOLD_OUT', 'No quedan entradas suficientes de «General».');
    // A retry of the accepted reservation still answers its order, though the type is sold out now.
    expect((await anon.post('/reservation', first)).body.order._id).toBe(accepted.body.order._id);
    await expectError({ eventCode: 'no-existe', lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] }, 404, 'EVENT_NOT_ON_SALE', 'Este evento no tiene entradas a la venta.');
    const draft = (await createEvent(org)).data;
    await expectError({ eventId: draft._id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] }, 404, 'EVENT_NOT_ON_SALE', 'Este evento no tiene entradas a la venta.');
    const none = await reserve(anon, { lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ path: 'eventCode', message: 'Indica el evento.' }]);
    // Nothing refused was held: only the one accepted order.
    expect(await app.ctx.store.readStream(quotaStreamId(ev.id))).toHaveLength(1);
  });

  it('the expiry job expires an unpaid reservation at holdUntil and frees its seats for the next buyer', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 3, paid: true, tickets: [{ name: 'General', price: 25, quantity: 10 }] });
    const anon = client(app.url);
    const first = await reserve(anon, { eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 3 }] });
    expect(first.status).toBe(201);
    // The capacity (3) is shared and full.
    expect((await reserve(anon, { eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] })).body.code).toBe('SOLD_OUT');

    const id = first.body.order._id;
    await eventually(async () => (await anon.get(`/reservation/${id}`)).body?.status === 'expired', 20_000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(first.body.order.holdUntil));
    const quota = await app.ctx.store.readStream(quotaStreamId(ev.id));
    expect(quota.map((e) => e.type)).toEqual(['sales.SeatsHeld', 'sales.SeatsReleased']);
    expect((await app.ctx.store.readStream(orderStreamId(id))).map((e) => e.type)).toEqual(['sales.OrderReserved', 'sales.OrderExpired']);
    expect((await seatsTaken(app.ctx.db, ev.id)).total).toBe(0);

    const next = await reserve(anon, { eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 3 }] });
    expect(next.status).toBe(201);
  }, 60_000);

  it('a hold whose order was never recorded (a crash between the two appends) is finished and expired by the sweep; a late retry answers it', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 4, paid: true, tickets: [{ name: 'General', price: 10, quantity: 10 }] });
    const clientId = randomUUID();
    const commandId = `reserve:anonymous:${clientId}`;
    const orderId = randomUUID();
    // The first append of a reservation, alone: what a process that died right after it leaves behind.
    await holdSeats(
      app.ctx,
      {
        type: 'sales.HoldSeats',
        data: {
        eventId: ev.id,
        orderId,
        buyerId: null,
        lines: [{ ticketTypeId: ev.ticketIds[0], name: 'General', quantity: 4, unitPrice: 1000, currency: 'PEN' }],
        holdUntil: new Date(Date.now() + 1000).toISOString(),
        quantities: { [ev.ticketIds[0]]: 10 },
        capacity: 4,
        },
      },
      { commandId },
    );
    expect((await reserve(client(app.url), { eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] })).body.code).toBe('SOLD_OUT');
    await eventually(async () => (await app.ctx.store.readStream(quotaStreamId(ev.id))).length === 2, 20_000);
    expect((await app.ctx.store.readStream(quotaStreamId(ev.id))).map((e) => e.type)).toEqual(['sales.SeatsHeld', 'sales.SeatsReleased']);
    expect((await app.ctx.store.readStream(orderStreamId(orderId))).map((e) => e.type)).toEqual(['sales.OrderReserved', 'sales.OrderExpired']);
    const retry = await client(app.url).post('/reservation', { clientId, eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 4 }] });
    expect(retry.body.order).toMatchObject({ _id: orderId, status: 'expired', total: 4000 });
    expect((await reserve(client(app.url), { eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 4 }] })).status).toBe(201);
  }, 30_000);

  it('a rebuild of sales.orders gives the same rows as the live projection', async () => {
    const rows = async () => ({
      orders: await app.ctx.db.selectFrom('sales_orders').selectAll().orderBy('id').execute(),
      lines: await app.ctx.db.selectFrom('sales_order_lines').selectAll().orderBy('order_id').orderBy('ticket_type_id').execute(),
      history: await app.ctx.db.selectFrom('sales_order_history').selectAll().orderBy('order_id').orderBy('version').execute(),
      tickets: await app.ctx.db.selectFrom('sales_tickets').selectAll().orderBy('id').execute(),
    });
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 10, tickets: [{ name: 'General', quantity: 10 }] });
    const last = await reserve(client(app.url), { eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 2 }] });
    await eventually(async () => (await client(app.url).get(`/reservation/${last.body.order._id}?after=${last.body.position}`)).status === 200);
    const live = await rows();
    expect(live.orders.length).toBeGreaterThan(5);
    // The free order of this test was ticketed at once.
    expect(live.tickets.filter((t) => t.order_id === last.body.order._id)).toHaveLength(2);
    await rebuildProjection({ db: app.ctx.db, store: app.ctx.store }, ordersProjection);
    await rebuildProjection({ db: app.ctx.db, store: app.ctx.store }, ticketsProjection);
    expect(await rows()).toEqual(live);
  });
});
