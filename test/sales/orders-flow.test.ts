import { randomUUID } from 'node:crypto';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { ORDER_UPDATED_SOCKET_EVENT, type OrderUpdatedPayload } from '../../src/contracts/sales-socket.js';
import { issueGuestOrder } from '../../src/commands/sales/guest-order.js';
import { payOrder } from '../../src/commands/sales/pay.js';
import { orderStreamId } from '../../src/domain/sales/order.js';
import { quotaStreamId } from '../../src/domain/sales/quota.js';
import { findTicketByCode, searchTickets, seatsTaken, ticketsOfOrder } from '../../src/projections/sales/queries.js';
import { useTestApp } from '../support/app.js';
import { client, organizer } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

/** Orders paid without a card: free tickets at reservation, offline payments (payOrder), the team's guest orders. */
describe('free, offline and guest orders', () => {
  const app = useTestApp();

  it('a free order is paid at reservation and its tickets issued to the signed-in buyer; GET reservation shows tickets and history', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 10, tickets: [{ name: 'Libre', price: 0, quantity: 10 }] });
    const buyer = await organizer(app.url, 'Beatriz Gratis');
    const r = await buyer.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 2 }] });
    expect(r.status).toBe(201);
    expect(r.body.order).toMatchObject({ status: 'paid', total: 0, paymentMethod: 'free', buyer: { name: 'Beatriz Gratis' } });
    const got = await buyer.get(`/reservation/${r.body.order._id}?after=${r.body.position}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ status: 'paid', paymentMethod: 'free', payment: { culqiPublicKey: null, culqiTokensUrl: expect.any(String) } });
    expect(got.body.tickets).toHaveLength(2);
    for (const t of got.body.tickets) {
      expect(t).toMatchObject({ status: 'valid', ticketTypeName: 'Libre', attendeeName: 'Beatriz Gratis', holderUserId: buyer.user!.user._id });
      expect(t.code).toMatch(/^[0-9A-F]{32}$/);
    }
    expect(got.body.history.map((h: { type: string }) => h.type)).toEqual(['OrderReserved', 'OrderPaid', 'TicketsIssued']);
    expect(await findTicketByCode(app.ctx.db, got.body.tickets[0].code.toLowerCase())).toMatchObject({ _id: got.body.tickets[0]._id });
    // Nothing to expire: one hold, kept.
    expect((await seatsTaken(app.ctx.db, ev.id)).total).toBe(2);
  });

  it('naming the attendees of a free order (ticketed at reservation) renames its tickets', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 10, tickets: [{ name: 'Libre', price: 0, quantity: 10 }] });
    const anon = client(app.url);
    const r = await anon.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 2 }] });
    expect(r.body.order.status).toBe('paid');
    const person = (name: string) => ({ ticketTypeId: ev.ticketIds[0], name, email: `${name.toLowerCase()}@example.com`, answers: {} });
    const named = await anon.put(`/reservation/${r.body.order._id}/attendees`, { buyer: { name: 'Irene', email: 'irene@example.com' }, attendees: [person('Irene'), person('Jorge')], clientId: randomUUID() });
    expect(named.status).toBe(200);
    const read = await anon.get(`/reservation/${r.body.order._id}?after=${named.body.position}`);
    expect(read.body.tickets.map((t: { attendeeName: string; attendeeEmail: string }) => [t.attendeeName, t.attendeeEmail])).toEqual([
      ['Irene', 'irene@example.com'],
      ['Jorge', 'jorge@example.com'],
    ]);
    expect(read.body.buyer).toEqual({ name: 'Irene', email: 'irene@example.com' });
  });

  it('payOrder records an offline payment once (cash at the box office) and issues the tickets; a wrong amount is refused', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 10, paid: true, tickets: [{ name: 'General', price: 20, quantity: 10 }] });
    const r = await client(app.url).post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 3 }] });
    const orderId = r.body.order._id;
    await expect(payOrder(app.ctx, { orderId, method: 'cash', amount: 5999, by: org.user!.user._id })).rejects.toMatchObject({ code: 'WRONG_AMOUNT', status: 400 });
    const paid = await payOrder(app.ctx, { orderId, method: 'cash', amount: 6000, by: org.user!.user._id });
    expect(paid.state).toMatchObject({ status: 'paid', method: 'cash' });
    const again = await payOrder(app.ctx, { orderId, method: 'cash', amount: 6000, by: org.user!.user._id });
    expect(again).toMatchObject({ duplicate: true, position: paid.position });
    const events = await app.ctx.store.readStream(orderStreamId(orderId));
    expect(events.map((e) => e.type)).toEqual(['sales.OrderReserved', 'sales.OrderPaid', 'sales.TicketsIssued']);
    const read = await client(app.url).get(`/reservation/${orderId}?after=${paid.position}`);
    expect(read.body.tickets).toHaveLength(3);
    expect(read.body.tickets.every((t: { attendeeName: string | null }) => t.attendeeName === null)).toBe(true);
  });

  it('issueGuestOrder holds seats like any order, pays at once and names each ticket; the same client id answers the same order; sold out is refused', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 3, paid: true, tickets: [{ name: 'Prensa', price: 50, quantity: 10, visibility: 'hidden' }] });
    const by = org.user!.user._id;
    const input = {
      eventId: ev.id,
      ticketTypeId: ev.ticketIds[0],
      attendees: [{ name: 'Lucía Ríos', email: 'lucia@example.com' }, { name: 'Mario Paz', email: 'mario@example.com' }],
      by,
      clientId: randomUUID(),
      method: 'guest' as const,
    };
    const first = await issueGuestOrder(app.ctx, input);
    expect(first.order).toMatchObject({ status: 'paid', total: 0, paymentMethod: 'guest' });
    expect(first.tickets.map((t) => t.attendeeName)).toEqual(['Lucía Ríos', 'Mario Paz']);
    const retry = await issueGuestOrder(app.ctx, input);
    expect(retry.order._id).toBe(first.order._id);
    expect(await app.ctx.store.readStream(quotaStreamId(ev.id))).toHaveLength(1);
    // One seat left of the capacity (3): a cash sale of two is refused, of one accepted at the type's price.
    await expect(issueGuestOrder(app.ctx, { ...input, clientId: randomUUID(), method: 'cash' })).rejects.toMatchObject({ code: 'SOLD_OUT' });
    const cash = await issueGuestOrder(app.ctx, { ...input, attendees: [input.attendees[0]], clientId: randomUUID(), method: 'cash' });
    expect(cash.order).toMatchObject({ status: 'paid', total: 5000, paymentMethod: 'cash' });
    await expect(issueGuestOrder(app.ctx, { ...input, ticketTypeId: randomUUID(), clientId: randomUUID() })).rejects.toMatchObject({ code: 'UNKNOWN_TICKET_TYPE' });
    // The door's search finds them by name without accents.
    await client(app.url).get(`/reservation/${cash.order._id}?after=${cash.position}`);
    const found = await searchTickets(app.ctx.db, ev.id, 'lucia');
    expect(found.map((t) => t.attendeeEmail)).toEqual(['lucia@example.com', 'lucia@example.com']);
    expect(await ticketsOfOrder(app.ctx.db, first.order._id)).toHaveLength(2);
  });

  it('order:updated reaches the event owner and store roles after the read model has the change, nobody else', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 10, paid: true, tickets: [{ name: 'General', price: 12, quantity: 10 }] });
    const listen = (token: string) => {
      const socket = connect(app.url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
      const got: OrderUpdatedPayload[] = [];
      socket.on(ORDER_UPDATED_SOCKET_EVENT, (p: OrderUpdatedPayload) => got.push(p));
      return { socket, got, ready: new Promise<void>((r) => socket.on('connect', () => r())) };
    };
    const owner = listen((org.user as { token: string }).token);
    const stranger = listen(((await organizer(app.url, 'Ajena')).user as { token: string }).token);
    await Promise.all([owner.ready, stranger.ready]);
    try {
      const r = await client(app.url).post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] });
      const orderId = r.body.order._id;
      const deadline = Date.now() + 10_000;
      while (!owner.got.some((p) => p.orderId === orderId) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
      expect(owner.got.find((p) => p.orderId === orderId)).toMatchObject({ eventId: ev.id, status: 'reserved', position: expect.any(String) });
      await payOrder(app.ctx, { orderId, method: 'cash', amount: 1200, by: org.user!.user._id });
      while (!owner.got.some((p) => p.orderId === orderId && p.status === 'paid') && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
      expect(owner.got.filter((p) => p.orderId === orderId).map((p) => p.status)).toContain('paid');
      expect(stranger.got).toEqual([]);
    } finally {
      owner.socket.disconnect();
      stranger.socket.disconnect();
    }
  });
});
