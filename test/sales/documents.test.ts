import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { payOrder } from '../../src/commands/sales/pay.js';
import { orderStreamId } from '../../src/domain/sales/order.js';
import type { Recorded } from '../../src/eventstore/port.js';
import { confirmationMailReactor } from '../../src/projections/sales/confirmation-mail-reactor.js';
import { ticketsOfOrder } from '../../src/projections/sales/queries.js';
import { calendarUid } from '../../src/sales-documents/ical.js';
import { confirmationMailJob } from '../../src/workers/sales/confirmation-mail.js';
import { useTestApp } from '../support/app.js';
import { client, eventually, organizer, signUpVerified, type Client } from '../events/helpers.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { icsLines, pdfPages, pdfText, zbar } from './documents-helpers.js';
import { publishedEvent } from './helpers.js';

/** Tickets as documents over HTTP, and the confirmation mail through BullMQ to a real SMTP server. */
describe('ticket documents and the confirmation mail', () => {
  const app = useTestApp({ smtp: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'aforo-docs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A published event (Lima, 1 May 2030 19:00) and a signed-in buyer's paid order of two tickets. */
  async function paidOrder(opts: { org?: Client } = {}) {
    const org = opts.org ?? (await organizer(app.url, 'Organizadora'));
    const ev = await publishedEvent(org, { capacity: 100, paid: true, tickets: [{ name: 'General', price: 30.5, quantity: 10 }] });
    const buyer = await organizer(app.url, 'Rosa Huamán');
    const r = await buyer.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 2 }] });
    expect(r.status).toBe(201);
    const order = r.body.order as { _id: string; total: number };
    const paid = await payOrder(app.ctx, { orderId: order._id, method: 'cash', amount: order.total, by: null });
    if (paid.position) await waitForPosition(app.ctx.db, app.ctx.store, paid.position, { timeoutMs: 20_000 });
    const tickets = await ticketsOfOrder(app.ctx.db, order._id);
    expect(tickets).toHaveLength(2);
    return { org, ev, buyer, order, tickets };
  }

  const file = (name: string, body: ArrayBuffer | Buffer | string) => {
    const p = path.join(dir, `${randomUUID()}-${name}`);
    writeFileSync(p, typeof body === 'string' ? body : Buffer.from(body as ArrayBuffer));
    return p;
  };
  const raw = (c: Client | null, p: string) =>
    fetch(`${app.api}${p}`, { headers: c?.user ? { authorization: `Bearer ${c.user.token}` } : {} });

  /** Mails to the buyer other than the account's own (the sign-up verification). */
  const ticketMails = (to: string) => app.smtp.mailsTo(to).filter((m) => !m.subject.startsWith('Verifica'));

  /** Waits until the mail queue has nothing waiting, delayed or running. */
  async function mailQueueIdle() {
    const queue = new Queue('mail', { connection: { url: app.ctx.config.redisUrl }, prefix: app.ctx.bullPrefix });
    try {
      await eventually(async () => {
        const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return c.waiting + c.active + c.delayed + c.prioritized === 0;
      });
    } finally {
      await queue.close();
    }
  }

  it('the QR PNG decodes to the ticket code, is never cached, and an unknown code is a Spanish 404', async () => {
    const { tickets } = await paidOrder();
    const res = await raw(null, `/ticket/${tickets[0].code}/qr.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(zbar(file('qr.png', await res.arrayBuffer()))).toEqual([tickets[0].code]);
    const missing = await client(app.url).get('/ticket/NOPE1234NOPE/qr.png');
    expect(missing.body).toMatchObject({ status: 404, code: 'TICKET_NOT_FOUND', messagePublic: 'La entrada no existe.' });
    expect((await client(app.url).get('/ticket/%3Cscript%3E/qr.png')).status).toBe(400);
  });

  it('the tickets PDF names the event and attendee with a QR per page; the buyer and the team read it, nobody else', async () => {
    const { org, ev, buyer, order, tickets } = await paidOrder();
    const res = await raw(buyer, `/order/${order._id}/tickets.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const pdf = file('t.pdf', await res.arrayBuffer());
    const text = pdfText(pdf);
    for (const s of ['Feria de Café', 'Rosa Huamán', 'General', 'Parque Kennedy, Miraflores', order._id, 'Hora de Lima']) expect(text).toContain(s);
    const pages = pdfPages(pdf, path.join(dir, `${order._id}-p`));
    expect(pages.map((p) => zbar(p)[0]).sort()).toEqual(tickets.map((t) => t.code).sort());

    expect((await raw(org, `/order/${order._id}/tickets.pdf`)).status).toBe(200); // the owner holds order.read
    const other = await organizer(app.url, 'Otro organizador');
    await publishedEvent(other, { capacity: 10, tickets: [{ name: 'General' }] });
    expect((await other.get(`/order/${order._id}/tickets.pdf`)).body).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND', messagePublic: 'El pedido no existe.' });
    expect((await client(app.url).get(`/order/${order._id}/tickets.pdf`)).status).toBe(401);
    expect((await buyer.get(`/order/${randomUUID()}/tickets.pdf`)).body.code).toBe('ORDER_NOT_FOUND');
    expect(ev.id).toBeTruthy();
  });

  it('a ticket transferred to someone else: that holder gets a PDF of that ticket alone', async () => {
    const { buyer, order, tickets } = await paidOrder();
    const holder = await signUpVerified(app, { displayName: 'Julia Cárdenas' });
    const moved = await buyer.post(`/ticket/${tickets[1]._id}/transfer`, { name: 'Julia Cárdenas', email: holder.email, clientId: randomUUID() });
    expect(moved.status).toBe(200);
    if (moved.body.position) await waitForPosition(app.ctx.db, app.ctx.store, moved.body.position, { timeoutMs: 20_000 });
    const res = await raw(client(app.url, holder), `/order/${order._id}/tickets.pdf`);
    expect(res.status).toBe(200);
    const pdf = file('h.pdf', await res.arrayBuffer());
    expect(pdfText(pdf)).toContain('Julia Cárdenas');
    expect(pdfText(pdf)).not.toContain('Rosa Huamán');
    const pages = pdfPages(pdf, path.join(dir, `${order._id}-holder`));
    expect(pages.map((p) => zbar(p)[0])).toEqual([tickets[1].code]);
    // The buyer still reads the whole order; someone with no ticket in it reads nothing.
    expect(pdfPages(file('b.pdf', await (await raw(buyer, `/order/${order._id}/tickets.pdf`)).arrayBuffer()), path.join(dir, `${order._id}-buyer`))).toHaveLength(2);
    const nobody = await signUpVerified(app, { displayName: 'Nadie' });
    expect((await client(app.url, nobody).get(`/order/${order._id}/calendar.ics`)).body.code).toBe('ORDER_NOT_FOUND');
  });

  it('the calendar file parses, with a stable UID per event and order and the event start in UTC', async () => {
    const { ev, buyer, order } = await paidOrder();
    const a = await buyer.get(`/order/${order._id}/calendar.ics`);
    const b = await buyer.get(`/order/${order._id}/calendar.ics`);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toContain('text/calendar');
    const lines = icsLines(a.body as string);
    const get = (k: string) => lines.filter(([n]) => n === k).map(([, v]) => v);
    expect(get('UID')).toEqual([calendarUid(ev.id, order._id)]);
    expect(icsLines(b.body as string).filter(([n]) => n === 'UID')).toEqual([['UID', calendarUid(ev.id, order._id)]]);
    expect(get('DTSTART')).toEqual(['20300502T000000Z']); // 2030-05-01 19:00 in Lima
    expect(get('DTEND')).toEqual(['20300502T040000Z']);
    expect(get('SUMMARY')).toEqual(['Feria de Café']);
  });

  it('one confirmation mail per order with the PDF, the .ics and a QR that decodes, even when the event is replayed and the job retried', async () => {
    const { buyer, order, tickets } = await paidOrder();
    const to = buyer.user!.email;
    const mail = await app.smtp.waitForMail((m) => m.to.includes(to) && m.subject.startsWith('Tus entradas'));
    expect(mail.subject).toBe('Tus entradas para Feria de Café');
    expect(mail.text).toContain('Hola, Rosa Huamán:');
    const parsed = await simpleParser(mail.raw, { keepCidLinks: true });
    const byType = (t: string) => parsed.attachments.filter((a) => a.contentType === t);
    expect(byType('application/pdf')).toHaveLength(1);
    expect(pdfText(file('m.pdf', byType('application/pdf')[0].content))).toContain('Rosa Huamán');
    const ics = byType('text/calendar')[0].content.toString('utf8');
    expect(icsLines(ics).find(([n]) => n === 'DTSTART')?.[1]).toBe('20300502T000000Z');
    const qrs = byType('image/png');
    expect(qrs).toHaveLength(2);
    expect(qrs.every((q) => q.cid && parsed.html && (parsed.html as string).includes(`cid:${q.cid}`))).toBe(true);
    expect(qrs.map((q) => zbar(file('q.png', q.content))[0]).sort()).toEqual(tickets.map((t) => t.code).sort());

    // The reactor sees sales.TicketsIssued again (a replayed batch), and the job runs again under another BullMQ id
    // (a retry after its first run was removed): the sent log keeps it one mail.
    const events = (await app.ctx.store.readStream(orderStreamId(order._id))) as Recorded<never>[];
    const effects: Promise<void>[] = [];
    await confirmationMailReactor.handle(events, {
      trx: app.ctx.db as never,
      replaying: false,
      store: app.ctx.store,
      afterCommit: (fx) => void effects.push(Promise.resolve(fx({ realtime: app.ctx.realtime, jobs: app.ctx.jobs }))),
    });
    await Promise.all(effects);
    expect(effects).toHaveLength(1);
    await app.ctx.jobs.enqueue(confirmationMailJob, { orderId: order._id, key: order._id }, `${order._id}-retry`);
    await mailQueueIdle();
    expect(ticketMails(to)).toHaveLength(1);
  });

  it('the organizer sets the template (merge fields rendered), a broken one is refused in Spanish, resend mails again, limited per order', async () => {
    const { org, ev, buyer, order } = await paidOrder();
    const to = buyer.user!.email;
    await app.smtp.waitForMail((m) => m.to.includes(to) && m.subject.startsWith('Tus entradas'));

    const initial = await org.get(`/event/${ev.id}/confirmationMail`);
    expect(initial.body).toMatchObject({ custom: false, version: -1, subject: 'Tus entradas para {{ event.name }}' });

    const broken = await org.put(`/event/${ev.id}/confirmationMail`, { subject: 'Hola', html: '<p>{% if buyer.name %}sin cerrar</p>' });
    expect(broken.body).toMatchObject({ status: 400, code: 'TEMPLATE_INVALID' });
    expect(broken.body.messagePublic).toMatch(/^El contenido tiene un error de sintaxis en la línea 1/);
    const typo = await org.put(`/event/${ev.id}/confirmationMail`, { subject: 'Hola {{ buyer.nombre }}', html: '<p>x</p>' });
    expect(typo.body).toMatchObject({ status: 400, errors: [{ path: 'subject' }] });
    expect(typo.body.messagePublic).toBe('La plantilla usa el campo «buyer.nombre», que no existe. Revisa los campos disponibles.');

    const html = '<p>{{ buyer.name }}, pedido {{ order.id }} para {{ event.name }} ({{ event.startDate }}): {{ tickets }}</p>';
    const saved = await org.put(`/event/${ev.id}/confirmationMail`, { subject: '¡Listo, {{ buyer.name }}!', html, expectedVersion: -1, clientId: randomUUID() });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ custom: true, version: 0, subject: '¡Listo, {{ buyer.name }}!', html });
    const stale = await org.put(`/event/${ev.id}/confirmationMail`, { subject: 'Otra', html, expectedVersion: -1 });
    expect(stale.body).toMatchObject({ status: 409, code: 'TEMPLATE_CONFLICT' });

    const preview = await org.post(`/event/${ev.id}/confirmationMail/preview`, { subject: 'Hola {{ buyer.name }}', html: '<img src="{{ tickets.first.qr }}">' });
    expect(preview.body.subject).toBe('Hola Ana Pérez');
    expect(preview.body.html).toMatch(/^<img src="data:image\/png;base64,/);

    // Only the event's editors: the buyer and another organizer are refused.
    expect((await buyer.get(`/event/${ev.id}/confirmationMail`)).status).toBe(403);
    const cashier = await signUpVerified(app, { displayName: 'Cajera' });
    expect((await org.post(`/event/${ev.id}/collaborator`, { email: cashier.email, module: 'store', role: 'cash_register' })).body.data.status).toBe('granted');
    expect((await client(app.url, cashier).put(`/event/${ev.id}/confirmationMail`, { subject: 'x', html: 'y' })).status).toBe(403);

    const clientId = randomUUID();
    const resent = await org.post(`/order/${order._id}/resend`, { clientId });
    expect(resent.status).toBe(202);
    expect((await org.post(`/order/${order._id}/resend`, { clientId })).status).toBe(202); // a retry: the same mail
    const custom = await app.smtp.waitForMail((m) => m.to.includes(to) && m.subject === '¡Listo, Rosa Huamán!');
    expect(custom.html).toContain(`Rosa Huamán, pedido ${order._id} para Feria de Café (miércoles, 1 de mayo de 2030, 7:00`);
    expect(custom.html).toContain('General: Rosa Huamán. General: Rosa Huamán.');
    await mailQueueIdle();
    expect(ticketMails(to)).toHaveLength(2);

    expect((await org.post(`/order/${order._id}/resend`, { clientId: randomUUID() })).status).toBe(202);
    expect((await org.post(`/order/${order._id}/resend`, { clientId: randomUUID() })).status).toBe(202);
    const limited = await org.post(`/order/${order._id}/resend`, { clientId: randomUUID() });
    expect(limited.body).toMatchObject({ status: 429, code: 'RESEND_RATE_LIMITED' });
    expect(limited.body.messagePublic).toContain('Espera unos minutos');
    // The buyer is not the event's team; resending is order.manage's.
    expect((await buyer.post(`/order/${order._id}/resend`, { clientId: randomUUID() })).status).toBe(403);
    await mailQueueIdle();
    expect(ticketMails(to)).toHaveLength(4);

    const reset = await org.del(`/event/${ev.id}/confirmationMail`);
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ custom: false, version: 1, subject: 'Tus entradas para {{ event.name }}' });
  });
});
