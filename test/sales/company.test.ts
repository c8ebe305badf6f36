import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payOrder } from '../../src/commands/sales/pay.js';
import { changeTicketHolder } from '../../src/commands/sales/transfer.js';
import { companyRegistrationRequest } from '../../src/contracts/sales-codes.js';
import { isValidRuc } from '../../src/contracts/ruc.js';
import { companyOfOrder } from '../../src/projections/sales/codes-queries.js';
import { ticketsOfOrder } from '../../src/projections/sales/queries.js';
import { useTestApp } from '../support/app.js';
import { client, eventually, organizer } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

describe('RUC', () => {
  it('takes 11 digits, a prefix 10/15/17/20 and the SUNAT check digit', () => {
    for (const ruc of ['20131312955', '20100070970', '10462054888', '15000000016', '17000000019']) expect(isValidRuc(ruc)).toBe(true);
    expect(isValidRuc('20131312954')).toBe(false); // wrong check digit
    expect(isValidRuc('30131312955')).toBe(false); // no such prefix
    expect(isValidRuc('2013131295')).toBe(false); // 10 digits
    expect(isValidRuc('2013131295a')).toBe(false);
  });
  it('the form says which rule failed, in Spanish', () => {
    const msg = (ruc: string) => {
      const r = companyRegistrationRequest.safeParse({ ruc, businessName: 'X', contactName: 'Y', email: 'y@x.pe', phone: '999888777', clientId: randomUUID(), lines: [{ ticketTypeId: 'a', quantity: 1 }] });
      return r.success ? null : r.error.issues.find((i) => i.path[0] === 'ruc')?.message;
    };
    expect(msg('123')).toBe('El RUC tiene 11 dígitos.');
    expect(msg('30131312955')).toBe('El RUC empieza por 10, 15, 16, 17 o 20.');
    expect(msg('20131312954')).toBe('El RUC no es válido: revisa sus dígitos.');
    expect(msg('20131312955')).toBe(null);
  });
});

describe('company registration over HTTP', () => {
  const app = useTestApp();

  it('a company reserves 5 tickets in one order, pays, and names the attendees one by one afterwards', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 100, paid: true, tickets: [{ name: 'General', price: 50, quantity: 50, maxPerOrder: 10 }] });
    const contact = await organizer(app.url, 'Rosa Quispe');
    const body = {
      clientId: randomUUID(),
      ruc: '20131312955',
      businessName: 'Cafetalera Andina S.A.C.',
      contactName: 'Rosa Quispe',
      email: 'compras@andina.pe',
      phone: '+51 999 888 777',
      lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 5 }],
    };
    // Bad RUC: a field error in Spanish, nothing reserved.
    const bad = await contact.post(`/event/${ev.code}/company`, { ...body, clientId: randomUUID(), ruc: '20131312954' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'ruc', message: 'El RUC no es válido: revisa sus dígitos.' })]));
    // Anonymous visitors sign in first (the order is theirs to name later).
    expect((await client(app.url).post(`/event/${ev.code}/company`, body)).status).toBe(401);

    const r = await contact.post(`/event/${ev.code}/company`, body);
    expect(r.status).toBe(201);
    expect(r.body.order).toMatchObject({ status: 'reserved', total: 25000, buyer: { name: 'Rosa Quispe', email: 'compras@andina.pe' }, lines: [{ quantity: 5, unitPrice: 5000 }] });
    const orderId = r.body.order._id;
    // A retry answers the same order and registration.
    const again = await contact.post(`/event/${ev.code}/company`, body);
    expect(again.body.order._id).toBe(orderId);
    expect(again.body.companyId).toBe(r.body.companyId);
    await eventually(async () => !!(await companyOfOrder(app.ctx.db, orderId)));
    expect(await companyOfOrder(app.ctx.db, orderId)).toMatchObject({ ruc: '20131312955', businessName: 'Cafetalera Andina S.A.C.', contactName: 'Rosa Quispe', eventId: ev.id });

    // Paid: 5 tickets, held by the contact until named.
    await payOrder(app.ctx, { orderId, method: 'cash', amount: 25000, by: null });
    await eventually(async () => (await ticketsOfOrder(app.ctx.db, orderId)).length === 5);
    const tickets = await ticketsOfOrder(app.ctx.db, orderId);
    expect(tickets.every((t) => t.attendeeEmail === 'compras@andina.pe')).toBe(true);

    // Named later, ticket by ticket.
    const names = ['Ana Torres', 'Luis Rojas', 'María Huamán', 'Jorge Salas', 'Elena Ríos'];
    for (const [i, t] of tickets.entries()) {
      await changeTicketHolder(app.ctx, { ticketId: t._id, name: names[i], email: `persona${i}@andina.pe`, userId: contact.user!.user._id, clientId: randomUUID(), kind: 'assign' });
    }
    await eventually(async () => (await ticketsOfOrder(app.ctx.db, orderId)).every((t) => t.attendeeEmail?.startsWith('persona')));
    expect((await ticketsOfOrder(app.ctx.db, orderId)).map((t) => t.attendeeName).sort()).toEqual([...names].sort());
  });
});
