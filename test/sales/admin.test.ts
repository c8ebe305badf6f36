import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { issueGuestOrder } from '../../src/commands/sales/guest-order.js';
import { reminderIdFor } from '../../src/commands/sales/reminders.js';
import { sendReminderJob } from '../../src/workers/sales/reminders.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { remindersProjection } from '../../src/projections/sales/reminders.js';
import { useTestApp } from '../support/app.js';
import { client, eventually, organizer, signUpVerified, type Client } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

/** The organizer's attendee management over HTTP: grids, exports, guest list, reminders, isolation and roles. */
describe('manageAttendees', () => {
  const app = useTestApp({ smtp: true });

  async function storeWithSales() {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, {
      capacity: 200,
      paid: true,
      tickets: [
        { name: 'General', price: 50, quantity: 100 },
        { name: 'VIP', price: 120, quantity: 20 },
      ],
    });
    const by = org.user!.user._id;
    const sell = (ticketTypeId: string, names: string[], method: 'cash' | 'guest') =>
      issueGuestOrder(app.ctx, {
        eventId: ev.id,
        ticketTypeId,
        attendees: names.map((n) => ({ name: n, email: `${n.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}@correo.pe` })),
        by,
        clientId: randomUUID(),
        method,
      });
    const [g, v] = ev.ticketIds;
    const ana = await sell(g, ['Ana Pérez', 'Ángel Ruiz'], 'cash'); // 100.00
    await sell(v, ['Bruno Díaz'], 'cash'); // 120.00
    await sell(g, ['Carla Soto', 'Celia Soto', 'Cintia Soto'], 'cash'); // 150.00
    const last = await sell(g, ['Diana Invitada'], 'guest'); // 0
    const reserved = await org.post('/reservation', { eventId: ev.id, clientId: randomUUID(), lines: [{ ticketTypeId: v, quantity: 2 }] });
    expect(reserved.status).toBe(201);
    const after = reserved.body.position ?? last.position;
    return { org, ev, after, anaCode: ana.tickets[0].code };
  }

  it('orders grid: server-side paging, sorting, filtering, status and quick search; participants with their tickets', async () => {
    const { org, ev, after, anaCode } = await storeWithSales();
    const base = `/event/${ev.id}/manageAttendees`;
    const all = await org.get(`${base}/orders?after=${after}`);
    expect(all.status).toBe(200);
    expect(all.body.rowCount).toBe(5);

    const page = await org.get(`${base}/orders?page=0&pageSize=2&sortField=total&sortOrder=desc`);
    expect(page.body.rowCount).toBe(5);
    expect(page.body.rows.map((r: { total: number }) => r.total)).toEqual([24000, 15000]);
    const page2 = await org.get(`${base}/orders?page=1&pageSize=2&sortField=total&sortOrder=desc`);
    expect(page2.body.rows.map((r: { total: number }) => r.total)).toEqual([12000, 10000]);

    // Accent- and case-insensitive filter on the buyer (the first attendee names a desk order).
    const ana = await org.get(`${base}/orders?filterField=buyerName&filterOperator=contains&filterValue=perez`);
    expect(ana.body.rows).toHaveLength(1);
    expect(ana.body.rows[0]).toMatchObject({ buyerName: 'Ana Pérez', status: 'paid', method: 'cash', tickets: 2, total: 10000, currency: 'PEN' });
    const paid = await org.get(`${base}/orders?status=paid`);
    expect(paid.body.rowCount).toBe(4);
    const reserved = await org.get(`${base}/orders?status=reserved`);
    expect(reserved.body.rows).toEqual([expect.objectContaining({ status: 'reserved', tickets: 2, total: 24000 })]);
    const cheap = await org.get(`${base}/orders?filterField=total&filterOperator=${encodeURIComponent('<')}&filterValue=12000`);
    expect(cheap.body.rows.map((r: { total: number }) => r.total).sort()).toEqual([0, 10000]);
    const search = await org.get(`${base}/orders?search=${encodeURIComponent('BRUNO')}`);
    expect(search.body.rows.map((r: { buyerName: string }) => r.buyerName)).toEqual(['Bruno Díaz']);

    const tickets = await org.get(`${base}/participants?pageSize=100&sortField=attendeeName&sortOrder=asc`);
    expect(tickets.body.rowCount).toBe(7);
    expect(tickets.body.rows[0]).toMatchObject({ attendeeName: 'Ana Pérez', attendeeEmail: 'anaperez@correo.pe', ticketTypeName: 'General', status: 'valid', checkedIn: false });
    const vip = await org.get(`${base}/participants?filterField=ticketTypeName&filterOperator=equals&filterValue=vip`);
    expect(vip.body.rows.map((r: { attendeeName: string }) => r.attendeeName)).toEqual(['Bruno Díaz']);
    // Ana gets in at the door: the participants grid and the Tablero show it (the door's read model).
    const scan = await org.post('/checkin', { eventId: ev.id, code: anaCode, door: 'Puerta 1', scanId: randomUUID() });
    expect(scan.status).toBe(200);
    await eventually(async () => (await org.get(`${base}/participants?filterField=checkedIn&filterOperator=is&filterValue=true`)).body.rowCount === 1);
    const inside = await org.get(`${base}/participants?filterField=checkedIn&filterOperator=is&filterValue=true`);
    expect(inside.body.rows[0]).toMatchObject({ attendeeName: 'Ana Pérez', checkedIn: true, checkedInAt: expect.any(String) });
    const guests = await org.get(`${base}/guestList`);
    expect(guests.body.rows.map((r: { attendeeName: string }) => r.attendeeName)).toEqual(['Diana Invitada']);

    // Tablero and income control.
    const dash = await org.get(`/event/${ev.id}/store/dashboard`);
    expect(dash.status).toBe(200);
    expect(dash.body).toMatchObject({ currency: 'PEN', sold: 7, held: 2, revenue: 37000, ordersByStatus: { paid: 4, reserved: 1 }, checkedIn: 1 });
    expect(dash.body.checkinsByHour).toEqual([{ hour: expect.stringMatching(/:00:00\.000Z$/), count: 1 }]);
    expect(dash.body.ticketTypes).toEqual([
      expect.objectContaining({ name: 'General', sold: 6, held: 0, remaining: 94 }),
      expect.objectContaining({ name: 'VIP', sold: 1, held: 2, remaining: 17 }),
    ]);
    const inc = await org.get(`${base}/incomeControl`);
    expect(inc.body).toMatchObject({ currency: 'PEN', total: 37000, orders: 4 });
    expect(inc.body.byMethod).toEqual([
      { method: 'cash', amount: 37000, orders: 3 },
      { method: 'guest', amount: 0, orders: 1 },
    ]);
    expect(inc.body.byTicketType).toEqual([
      expect.objectContaining({ name: 'General', amount: 25000, tickets: 6 }),
      expect.objectContaining({ name: 'VIP', amount: 12000, tickets: 1 }),
    ]);
    expect(inc.body.byDay).toHaveLength(1);
    expect(inc.body.byDay[0].amount).toBe(37000);
  });

  it('exports the grid as filtered and sorted, in CSV and XLSX (read back with exceljs)', async () => {
    const { org, ev, after } = await storeWithSales();
    const base = `/event/${ev.id}/manageAttendees`;
    await org.get(`${base}/orders?after=${after}`);
    const q = 'status=paid&sortField=total&sortOrder=desc&filterField=method&filterOperator=equals&filterValue=cash';
    const res = await fetch(`${app.api}${base}/orders/export?${q}&format=csv`, { headers: { authorization: `Bearer ${org.user!.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="pedidos-.*\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('"Pedido","Estado","Comprador","Correo","Entradas","Total","Moneda","Medio de pago","Fecha","Pagado el","Comprobante","RUC","Razón social","Dirección fiscal"');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"Carla Soto"');
    expect(lines[1]).toContain('"Pagado"');
    expect(lines[1]).toContain(',150,"PEN","Efectivo"');

    const xres = await fetch(`${app.api}${base}/participants/export?sortField=attendeeName&sortOrder=asc&format=xlsx`, {
      headers: { authorization: `Bearer ${org.user!.token}` },
    });
    expect(xres.status).toBe(200);
    expect(xres.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xres.arrayBuffer());
    const ws = wb.getWorksheet('Participantes')!;
    expect(ws.rowCount).toBe(8);
    expect(ws.getRow(1).values).toEqual([undefined, 'Entrada', 'Pedido', 'Tipo de entrada', 'Asistente', 'Correo', 'Estado', 'Medio de pago', 'Ingresó', 'Ingreso', 'Fecha']);
    expect(ws.getRow(2).getCell(4).value).toBe('Ana Pérez');
    expect(ws.getRow(2).getCell(6).value).toBe('Válida');
    expect(ws.getRow(2).getCell(8).value).toBe('No');
    expect(ws.getRow(2).getCell(10).value).toBeInstanceOf(Date);
    // A bad format is a Spanish 400, not a 500.
    const bad = await org.get(`${base}/orders/export?format=pdf`);
    expect(bad.status).toBe(400);
  });

  it('guest list: one by hand, then a CSV with a bad row previewed and imported once per row', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 50, paid: true, tickets: [{ name: 'General', price: 30, quantity: 40 }, { name: 'Prensa', price: 0, quantity: 10, visibility: 'hidden' }] });
    const base = `/event/${ev.id}/manageAttendees/guestList`;
    const clientId = randomUUID();
    const one = await org.post(base, { name: 'Invitada Uno', email: 'Uno@Correo.pe', ticketTypeId: ev.ticketIds[0], clientId });
    expect(one.status).toBe(201);
    expect(one.body.message).toBe('Invitado agregado a la lista.');
    const again = await org.post(base, { name: 'Invitada Uno', email: 'Uno@Correo.pe', ticketTypeId: ev.ticketIds[0], clientId });
    expect(again.body.orderId).toBe(one.body.orderId);
    const badType = await org.post(base, { name: 'X', email: 'x@correo.pe', ticketTypeId: 'nope', clientId: randomUUID() });
    expect(badType.body).toMatchObject({ status: 400, messagePublic: 'El tipo de entrada no existe en este evento.' });

    const csv = ['Nombre;Correo;Tipo de entrada', 'Rosa Díaz;rosa@correo.pe;general', 'Pedro Gil;no-es-correo;General', 'Luz Paz;luz@correo.pe;Platea', 'Marco Polo;marco@correo.pe;PRENSA', ';;', 'Rosa Díaz;rosa@correo.pe;General'].join('\n');
    const preview = await org.post(`${base}/preview`, { csv });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ valid: 2, invalid: 3 });
    expect(preview.body.rows.map((r: { line: number; error: string | null }) => [r.line, r.error])).toEqual([
      [2, null],
      [3, 'El correo no es válido.'],
      [4, 'El tipo de entrada «Platea» no existe en este evento.'],
      [5, null],
      [7, 'Repite el invitado de la fila 2.'],
    ]);
    const imported = await org.post(`${base}/import`, { csv });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ imported: 2, message: 'Se agregaron 2 invitados.' });
    expect(imported.body.failed.map((f: { line: number }) => f.line)).toEqual([3, 4, 7]);
    // The same file again (a retry) issues nothing twice.
    const retry = await org.post(`${base}/import`, { csv });
    expect(retry.body.imported).toBe(2);
    const list = await org.get(`${base}?after=${retry.body.position}&sortField=attendeeName&sortOrder=asc`);
    expect(list.body.rows.map((r: { attendeeName: string; ticketTypeName: string }) => `${r.attendeeName}/${r.ticketTypeName}`)).toEqual([
      'Invitada Uno/General',
      'Marco Polo/Prensa',
      'Rosa Díaz/General',
    ]);

    // Files that cannot be read at all are refused as a whole, in Spanish.
    expect((await org.post(`${base}/preview`, { csv: 'a,b,c\n1,2,3' })).body).toMatchObject({ status: 400, messagePublic: expect.stringContaining('nombre, correo y tipo de entrada') });
    expect((await org.post(`${base}/preview`, { csv: 'nombre,correo,tipo de entrada\n' })).body.messagePublic).toBe('El archivo no tiene filas de invitados.');
  });

  it('a reminder whose time comes reaches each attendee once; an edit reschedules, a cancel sends nothing', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 50, tickets: [{ name: 'General', quantity: 40 }] });
    const base = `/event/${ev.id}/manageAttendees`;
    const g = await org.post(`${base}/guestList/import`, { csv: 'nombre,correo,tipo de entrada\nSol Ríos,sol@recordatorio.pe,General\nMar Ríos,mar@recordatorio.pe,General' });
    expect(g.body.imported).toBe(2);
    const soon = (s: number) => new Date(Date.now() + s * 1000).toISOString();

    const first = await org.post(`${base}/reminders`, { subject: 'Mañana: {{evento}}', body: 'Hola {{nombre}}, te esperamos.', when: { kind: 'at', at: soon(3600) }, clientId: randomUUID() });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'scheduled', revision: 1 });
    const id = first.body.data.id;
    // Rescheduled to two seconds from now: the first job (revision 1) will find itself stale.
    const moved = await org.put(`${base}/reminders/${id}`, { subject: 'Mañana: {{evento}}', body: 'Hola {{nombre}}, te esperamos.', when: { kind: 'at', at: soon(2) }, clientId: randomUUID() });
    expect(moved.status).toBe(200);
    expect(moved.body.data.revision).toBe(2);
    const other = await org.post(`${base}/reminders`, { subject: 'Cancelado', body: 'No debe llegar', when: { kind: 'at', at: soon(2) }, clientId: randomUUID() });
    const cancelled = await org.post(`${base}/reminders/${other.body.data.id}/cancel`);
    expect(cancelled.body.data.status).toBe('cancelled');

    const mail = await app.smtp.waitForMail((m) => m.to.includes('sol@recordatorio.pe') && m.subject.startsWith('Mañana'), 20_000);
    expect(mail.subject).toBe('Mañana: Feria de Café');
    expect(mail.text).toContain('Hola Sol Ríos, te esperamos.');
    await eventually(async () => (await org.get(`${base}/reminders`)).body.data.find((r: { id: string }) => r.id === id)?.status === 'sent');
    const list = (await org.get(`${base}/reminders`)).body.data;
    expect(list.find((r: { id: string }) => r.id === id)).toMatchObject({ status: 'sent', sentCount: 2 });
    expect(list.find((r: { id: string }) => r.id === other.body.data.id)).toMatchObject({ status: 'cancelled', sentCount: 0 });
    // The same job run again sends nothing more.
    await app.ctx.jobs.enqueue(sendReminderJob, { reminderId: id, revision: 2 }, `${id}:2:again`);
    await new Promise((r) => setTimeout(r, 1500));
    const reminderMails = (to: string) => app.smtp.mailsTo(to).filter((m) => m.subject.startsWith('Mañana') || m.subject === 'Cancelado');
    expect(reminderMails('sol@recordatorio.pe')).toHaveLength(1);
    expect(reminderMails('mar@recordatorio.pe')).toHaveLength(1);

    // Sent reminders are final; past dates are refused in Spanish.
    expect((await org.post(`${base}/reminders/${id}/cancel`)).status).toBe(409);
    const past = await org.post(`${base}/reminders`, { subject: 'Tarde', body: 'x', when: { kind: 'at', at: soon(-60) }, clientId: randomUUID() });
    expect(past.body).toMatchObject({ status: 400, messagePublic: 'La fecha de envío del recordatorio ya pasó. Elige una fecha futura.' });
    // Days before the start: the event starts on 2030-05-01 19:00 (-05:00).
    const before = await org.post(`${base}/reminders`, { subject: 'Un día antes', body: 'x', when: { kind: 'before', amount: 1, unit: 'days' }, clientId: randomUUID() });
    expect(before.body.data.dueAt).toBe('2030-05-01T00:00:00.000Z');

    // A rebuild from the log gives the same rows (and, replaying, schedules no job again).
    await org.get(`${base}/reminders?after=${before.body.position}`);
    const rows = () => app.ctx.db.selectFrom('sales_reminders').selectAll().orderBy('id').execute();
    const live = await rows();
    await rebuildProjection({ db: app.ctx.db, store: app.ctx.store }, remindersProjection);
    expect(await rows()).toEqual(live);
  });

  it('a cancelled event\'s reminder mails nobody', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 20, tickets: [{ name: 'General', quantity: 10 }] });
    const base = `/event/${ev.id}/manageAttendees`;
    const g = await org.post(`${base}/guestList`, { name: 'Nube Paz', email: 'nube@cancelado.pe', ticketTypeId: ev.ticketIds[0], clientId: randomUUID() });
    expect(g.status).toBe(201);
    const r = await org.post(`${base}/reminders`, { subject: 'Recordatorio cancelado', body: 'x', when: { kind: 'at', at: new Date(Date.now() + 2500).toISOString() }, clientId: randomUUID() });
    expect(r.status).toBe(201);
    expect((await org.post(`/event/${ev.id}/cancel`)).status).toBe(200);
    await eventually(async () => (await org.get(`${base}/reminders`)).body.data[0]?.status === 'sent');
    expect((await org.get(`${base}/reminders`)).body.data[0].sentCount).toBe(0);
    expect(app.smtp.mailsTo('nube@cancelado.pe').filter((m) => m.subject === 'Recordatorio cancelado')).toHaveLength(0);
    const late = await org.post(`${base}/reminders`, { subject: 'Otro', body: 'x', when: { kind: 'at', at: '2030-01-01T00:00:00Z' }, clientId: randomUUID() });
    expect(late.body).toMatchObject({ status: 409, messagePublic: 'El evento está cancelado: no se pueden programar recordatorios.' });
  });

  it('one organizer never sees or changes another organizer’s store; roles decide reading and writing', async () => {
    const { org, ev, after } = await storeWithSales();
    const base = `/event/${ev.id}/manageAttendees`;
    await org.get(`${base}/orders?after=${after}`);
    const reminder = await org.post(`${base}/reminders`, { subject: 'A', body: 'B', when: { kind: 'at', at: '2030-01-01T00:00:00Z' }, clientId: randomUUID() });

    const other = await organizer(app.url, 'Otro organizador');
    const otherEv = await publishedEvent(other, { capacity: 10, tickets: [{ name: 'General', quantity: 5 }] });
    for (const path of ['/orders', '/participants', '/guestList', '/incomeControl', '/reminders', '/orders/export?format=csv']) {
      const r = await other.get(`${base}${path}`);
      expect([403, 404]).toContain(r.status);
      expect(typeof r.body.messagePublic).toBe('string');
    }
    expect([403, 404]).toContain((await other.get(`/event/${ev.id}/store/dashboard`)).status);
    expect([403, 404]).toContain((await other.post(`${base}/guestList`, { name: 'X', email: 'x@correo.pe', ticketTypeId: ev.ticketIds[0], clientId: randomUUID() })).status);
    // Through its own event's URL the other organizer cannot reach this reminder either.
    const through = await other.post(`/event/${otherEv.id}/manageAttendees/reminders/${reminder.body.data.id}/cancel`);
    expect(through.body).toMatchObject({ status: 404, messagePublic: 'El recordatorio no existe.' });
    // Its own grid is empty.
    expect((await other.get(`/event/${otherEv.id}/manageAttendees/orders`)).body.rowCount).toBe(0);
    // A retried create with the same clientId on another event is another reminder.
    expect(reminderIdFor(ev.id, 'x')).not.toBe(reminderIdFor(otherEv.id, 'x'));

    const team = async (role: string, name: string): Promise<Client> => {
      const who = await signUpVerified(app, { displayName: name });
      const granted = await org.post(`/event/${ev.id}/collaborator`, { email: who.email, module: 'store', role });
      expect(granted.body.data.status).toBe('granted');
      return client(app.url, who);
    };
    const cashier = await team('cash_register', 'Cajera');
    expect((await cashier.get(`${base}/orders`)).status).toBe(200); // order.read
    expect((await cashier.post(`${base}/guestList`, { name: 'X', email: 'x@correo.pe', ticketTypeId: ev.ticketIds[0], clientId: randomUUID() })).status).toBe(403);
    const desk = await team('register', 'Recepción');
    expect((await desk.get(`${base}/orders`)).status).toBe(403);
    expect((await client(app.url).get(`${base}/orders`)).status).toBe(401);
  });
});
