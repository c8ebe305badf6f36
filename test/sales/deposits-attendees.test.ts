import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueGuestOrder } from '../../src/commands/sales/guest-order.js';
import { orderStreamId } from '../../src/domain/sales/order.js';
import { quotaStreamId } from '../../src/domain/sales/quota.js';
import { useTestApp } from '../support/app.js';
import { client, eventually, organizer, signUpVerified, type Client } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** Bank deposits with a real multipart upload, attendee data against the registration form, transfers and /mytickets. */
describe('deposits, attendees, transfers, my tickets', () => {
  const app = useTestApp();

  async function upload(c: Client, orderId: string, file: Buffer, type: string, name: string, clientId = randomUUID()) {
    const form = new FormData();
    form.append('clientId', clientId);
    form.append('voucher', new Blob([new Uint8Array(file)], { type }), name);
    const who = (c.user as { token?: string } | undefined)?.token;
    const res = await fetch(`${app.api}/reservation/${orderId}/deposit`, { method: 'POST', body: form, headers: who ? { authorization: `Bearer ${who}` } : {} });
    return { status: res.status, body: (await res.json()) as any };
  }
  async function depositEvent() {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 3, paid: true, tickets: [{ name: 'General', price: 30, quantity: 10 }] });
    const pm = await org.post(`/event/${ev.id}/paymentMethod`, { kind: 'bankDeposit', bank: 'BCP', account: '191-1234567-0-12', holder: 'Eventos SAC', instructions: 'Indica tu número de reserva.' });
    expect(pm.status).toBe(201);
    return { org, ev };
  }

  it('a voucher puts the order in awaiting_payment (type checked by its bytes, 5 MB at most); the team approves it: paid, tickets issued', async () => {
    const { org, ev } = await depositEvent();
    const buyer = await organizer(app.url, 'Diego Depósito');
    const r = await buyer.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 2 }] });
    const id = r.body.order._id;
    const info = await buyer.get(`/reservation/${id}?after=${r.body.position}`);
    expect(info.body.payment.depositInstructions).toBe('BCP · Cuenta 191-1234567-0-12 · Titular: Eventos SAC\nIndica tu número de reserva.');

    const fake = await upload(buyer, id, Buffer.from('no soy una imagen'), 'image/png', 'voucher.png');
    expect(fake).toMatchObject({ status: 400, body: { code: 'VOUCHER_TYPE', messagePublic: 'El comprobante debe ser una imagen PNG o JPG, o un PDF.' } });
    const big = await upload(buyer, id, Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 'application/pdf', 'grande.pdf');
    expect(big).toMatchObject({ status: 413, body: { code: 'VOUCHER_TOO_LARGE' } });
    const clientId = randomUUID();
    const ok = await upload(buyer, id, PDF, 'application/pdf', 'voucher.pdf', clientId);
    expect(ok.status).toBe(201);
    expect(ok.body.order.status).toBe('awaiting_payment');
    const again = await upload(buyer, id, PDF, 'application/pdf', 'voucher.pdf', clientId);
    expect(again.body.order.status).toBe('awaiting_payment');
    expect((await app.ctx.store.readStream(orderStreamId(id))).map((e) => e.type)).toEqual(['sales.OrderReserved', 'sales.OfflinePaymentAnnounced']);

    // The voucher: the team (order.read) gets the bytes as uploaded; the buyer's other users and strangers do not.
    await eventually(async () => (await buyer.get(`/reservation/${id}`)).body.status === 'awaiting_payment');
    const v = await fetch(`${app.api}/order/${id}/voucher`, { headers: { authorization: `Bearer ${(org.user as { token: string }).token}` } });
    expect(v.status).toBe(200);
    expect(v.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await v.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await (await organizer(app.url, 'Extraño')).get(`/order/${id}/voucher`)).status).toBe(404);
    // A voucher is private: the public files route does not serve it.
    expect((await fetch(`${app.api}/files/sales/${ev.id}/vouchers`)).status).toBe(404);

    const approved = await org.post(`/order/${id}/deposit/approve`, { clientId: randomUUID() });
    expect(approved.status).toBe(200);
    expect(approved.body.order).toMatchObject({ status: 'paid', paymentMethod: 'deposit' });
    const read = await buyer.get(`/reservation/${id}?after=${approved.body.position}`);
    expect(read.body.tickets).toHaveLength(2);
    expect((await org.post(`/order/${id}/deposit/approve`, {})).body.order.status).toBe('paid');
    expect((await org.post(`/order/${id}/deposit/reject`, { reason: 'tarde' })).body.code).toBe('NO_DEPOSIT_TO_REVIEW');
  });

  it('a rejected deposit cancels the order with its reason and frees the seats; an anonymous buyer uploads by the order id', async () => {
    const { org, ev } = await depositEvent();
    const anon = client(app.url);
    const r = await anon.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 3 }] });
    const id = r.body.order._id;
    expect((await upload(anon, id, PNG, 'image/png', 'foto.png')).status).toBe(201);
    const noReason = await org.post(`/order/${id}/deposit/reject`, {});
    expect(noReason.status).toBe(400);
    const rejected = await org.post(`/order/${id}/deposit/reject`, { reason: 'El monto no coincide' });
    expect(rejected.body.order.status).toBe('cancelled');
    expect((await app.ctx.store.readStream(quotaStreamId(ev.id))).map((e) => e.type)).toEqual(['sales.SeatsHeld', 'sales.SeatsReleased']);
    const read = await anon.get(`/reservation/${id}?after=${rejected.body.position}`);
    expect(read.body.history.map((h: { type: string }) => h.type)).toEqual(['OrderReserved', 'OfflinePaymentAnnounced', 'DepositRejected', 'OrderCancelled']);
    // An event without bank deposits refuses the upload.
    const other = await publishedEvent(org, { capacity: 3, paid: true, tickets: [{ name: 'General', price: 30, quantity: 10 }] });
    const r2 = await anon.post('/reservation', { clientId: randomUUID(), eventId: other.id, lines: [{ ticketTypeId: other.ticketIds[0], quantity: 1 }] });
    expect((await upload(anon, r2.body.order._id, PDF, 'application/pdf', 'v.pdf')).body.code).toBe('PAYMENT_METHOD_NOT_ACCEPTED');
  });

  it('attendee data per ticket is checked against the registration form, every wrong answer named', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 10, paid: true, tickets: [{ name: 'General', price: 10, quantity: 10 }] });
    const form = await org.put(`/event/${ev.id}/form`, {
      fields: [
        { label: 'Documento', type: 'document', required: true },
        { label: 'Condiciones', type: 'consent', required: true, consentText: 'Acepto las condiciones del evento.' },
      ],
      expectedVersion: 0,
      clientId: randomUUID(),
    });
    expect(form.status).toBe(200);
    const [doc, consent] = form.body.data.fields.map((f: { _id: string }) => f._id);
    await eventually(async () => (await org.get(`/event/${ev.id}/form`)).body.data?.fields?.length === 2);
    const anon = client(app.url);
    const r = await anon.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 2 }] });
    const id = r.body.order._id;
    const person = (name: string, answers: Record<string, unknown>) => ({ ticketTypeId: ev.ticketIds[0], name, email: `${name.toLowerCase()}@example.com`, answers });
    const buyer = { name: 'Ana', email: 'ana@example.com' };
    const bad = await anon.put(`/reservation/${id}/attendees`, { buyer, attendees: [person('Ana', { [doc]: 'dni:123', [consent]: true }), person('Beto', {})], clientId: randomUUID() });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_ANSWERS');
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([`attendees.0.answers.${doc}`, `attendees.1.answers.${consent}`, `attendees.1.answers.${doc}`].sort());
    const short = await anon.put(`/reservation/${id}/attendees`, { buyer, attendees: [person('Ana', {})], clientId: randomUUID() });
    expect(short.body.code).toBe('ATTENDEES_MISMATCH');
    const ok = await anon.put(`/reservation/${id}/attendees`, {
      buyer,
      attendees: [person('Ana', { [doc]: 'dni:12345678', [consent]: true }), person('Beto', { [doc]: 'passport:ab12345', [consent]: true })],
      clientId: randomUUID(),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.order.buyer).toEqual(buyer);
    await anon.get(`/reservation/${id}?after=${ok.body.position}`);
    const rows = await app.ctx.db.selectFrom('sales_order_attendees').selectAll().where('order_id', '=', id).orderBy('position').execute();
    expect(rows.map((x) => [x.name, (x.answers as Record<string, unknown>)[doc]])).toEqual([['Ana', 'dni:12345678'], ['Beto', 'passport:AB12345']]);
  });

  it('transfer: the ticket moves to another e-mail, whose verified account sees it in /mytickets; upcoming events first; naming a ticket later', async () => {
    const org = await organizer(app.url);
    const past = await publishedEvent(org, { capacity: 10, tickets: [{ name: 'Libre', quantity: 10 }] });
    const soon = await publishedEvent(org, { capacity: 10, tickets: [{ name: 'Libre', quantity: 10 }] });
    const buyer = await signUpVerified(app, { displayName: 'Bruno Buyer' });
    const b = client(app.url, buyer);
    const first = await b.post('/reservation', { clientId: randomUUID(), eventId: soon.id, lines: [{ ticketTypeId: soon.ticketIds[0], quantity: 2 }] });
    const second = await b.post('/reservation', { clientId: randomUUID(), eventId: past.id, lines: [{ ticketTypeId: past.ticketIds[0], quantity: 1 }] });
    expect([first.body.order.status, second.body.order.status]).toEqual(['paid', 'paid']);
    // The organizer moves one event later: its order comes after the sooner one.
    const moved = await org.put(`/event/${past.id}`, { startDate: '2031-06-01T15:00:00.000Z', endDate: '2031-06-01T20:00:00.000Z' });
    expect(moved.status).toBe(200);
    const mine = await b.get(`/mytickets?after=${moved.body.position}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((o: { _id: string }) => o._id)).toEqual([first.body.order._id, second.body.order._id]);
    expect(mine.body.data[0]).toMatchObject({ event: { _id: soon.id, eventCode: soon.code }, tickets: [{ status: 'valid' }, { status: 'valid' }] });

    const friend = await signUpVerified(app, { displayName: 'Fiona Friend' });
    const ticket = mine.body.data[0].tickets[0];
    const stranger = await organizer(app.url, 'Sin permiso');
    expect((await stranger.post(`/ticket/${ticket._id}/transfer`, { name: 'X', email: 'x@example.com', clientId: randomUUID() })).body.code).toBe('TICKET_NOT_FOUND');
    const transferred = await b.post(`/ticket/${ticket._id}/transfer`, { name: 'Fiona Friend', email: friend.email, clientId: randomUUID() });
    expect(transferred.status).toBe(200);
    expect(transferred.body.ticket).toMatchObject({ attendeeEmail: friend.email.toLowerCase(), holderUserId: null });
    const f = client(app.url, friend);
    const theirs = await f.get(`/mytickets?after=${transferred.body.position}`);
    expect(theirs.body.data).toHaveLength(1);
    expect(theirs.body.data[0].tickets.map((t: { _id: string }) => t._id)).toEqual([ticket._id]);
    expect((await f.get(`/mytickets/${first.body.order._id}`)).body.data.tickets).toHaveLength(1);
    expect((await f.get(`/mytickets/${second.body.order._id}`)).body.code).toBe('ORDER_NOT_FOUND');
    // The buyer still sees the whole order; naming the other ticket (a company's order) keeps it theirs.
    const named = await b.put(`/ticket/${mine.body.data[0].tickets[1]._id}/attendee`, { name: 'Gael', email: 'gael@example.com', clientId: randomUUID() });
    expect(named.body.ticket).toMatchObject({ attendeeName: 'Gael', holderUserId: buyer.user._id });
    expect((await b.post(`/ticket/${ticket._id}/transfer`, { name: 'Fiona', email: friend.email, clientId: randomUUID() })).body.code).toBe('SAME_ATTENDEE');
  });

  it('a cash order of the box office is refunded as recorded (no provider)', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 5, paid: true, tickets: [{ name: 'General', price: 15, quantity: 10 }] });
    const sold = await issueGuestOrder(app.ctx, { eventId: ev.id, ticketTypeId: ev.ticketIds[0], attendees: [{ name: 'Hugo', email: 'hugo@example.com' }], by: org.user!.user._id, clientId: randomUUID(), method: 'cash' });
    await eventually(async () => (await org.get(`/reservation/${sold.order._id}`)).status === 200);
    const refunded = await org.post(`/order/${sold.order._id}/refund`, { reason: 'No pudo asistir' });
    expect(refunded.body.order).toMatchObject({ status: 'refunded' });
    const events = await app.ctx.store.readStream(orderStreamId(sold.order._id));
    expect(events.at(-1)?.data).toMatchObject({ method: 'cash', amount: 1500, refundId: null, reason: 'No pudo asistir' });
  });
});
