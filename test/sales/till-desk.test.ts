import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { client, organizer, signUpVerified, type Client } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

/** The registration desk's server side: attendees created at the desk, and the badge as a PDF label. */
describe('registration desk', () => {
  const app = useTestApp();
  const team = async (org: Client, eventId: string, role: string, name: string) => {
    const who = await signUpVerified(app, { displayName: name });
    const granted = await org.post(`/event/${eventId}/collaborator`, { email: who.email, module: 'store', role });
    expect(granted.body.data.status).toBe('granted');
    return client(app.url, who);
  };

  it('creates an attendee on a free type with the form checked (once per clientId); paid types go to the cash register', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 100, paid: true, tickets: [{ name: 'Invitado', price: 0, quantity: 10 }, { name: 'General', price: 30, quantity: 10 }] });
    const form = await org.put(`/event/${ev.id}/form`, {
      clientId: randomUUID(),
      expectedVersion: 0,
      fields: [{ label: 'Documento', type: 'document', required: true }],
    });
    expect(form.status).toBe(200);
    const fieldId = form.body.data.fields[0]._id as string;
    const desk = await team(org, ev.id, 'register', 'Recepción');
    const body = { clientId: randomUUID(), ticketTypeId: ev.ticketIds[0], name: 'Rosa Quispe', email: 'rosa@example.com' };

    const missing = await desk.post(`/event/${ev.id}/register/attendee`, body);
    expect(missing.body).toMatchObject({ status: 400, code: 'INVALID_ANSWERS', errors: [{ path: `answers.${fieldId}` }] });
    const ok = { ...body, answers: { [fieldId]: 'dni:12345678' } };
    const first = await desk.post(`/event/${ev.id}/register/attendee`, ok);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ eventId: ev.id, ticketTypeName: 'Invitado', attendeeName: 'Rosa Quispe', attendeeEmail: 'rosa@example.com', status: 'valid' });
    const again = await desk.post(`/event/${ev.id}/register/attendee`, ok);
    expect(again.body.data._id).toBe(first.body.data._id);

    const paid = await desk.post(`/event/${ev.id}/register/attendee`, { ...ok, clientId: randomUUID(), ticketTypeId: ev.ticketIds[1] });
    expect(paid.body).toMatchObject({ status: 409, code: 'PAID_AT_CASH_REGISTER', messagePublic: '«General» es una entrada de pago: se vende en la caja.' });
    const unknown = await desk.post(`/event/${ev.id}/register/attendee`, { ...ok, clientId: randomUUID(), ticketTypeId: 'nope' });
    expect(unknown.body.code).toBe('UNKNOWN_TICKET_TYPE');
    const bad = await desk.post(`/event/${ev.id}/register/attendee`, { ...ok, clientId: randomUUID(), email: 'no-es-correo' });
    expect(bad.status).toBe(400);

    // The cash register holds no checkin.scan: it does not register at the desk.
    const cashier = await team(org, ev.id, 'cash_register', 'Caja');
    expect((await cashier.post(`/event/${ev.id}/register/attendee`, { ...ok, clientId: randomUUID() })).status).toBe(403);
  });

  it('the badge PDF label: the desk and the organizer get it, others read it as missing', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 100, tickets: [{ name: 'Invitado', price: 0, quantity: 10 }] });
    const desk = await team(org, ev.id, 'register', 'Recepción Dos');
    const made = await desk.post(`/event/${ev.id}/register/attendee`, { clientId: randomUUID(), ticketTypeId: ev.ticketIds[0], name: 'Ñusta Huamán', email: 'nusta@example.com' });
    const ticketId = made.body.data._id as string;
    // The ticket read model catches up with the order's append.
    const path = `/ticket/${ticketId}/badge.pdf?company=${encodeURIComponent('Café Andino')}&after=${made.body.position}`;
    const res = await fetch(`${app.api}${path}`, { headers: { authorization: `Bearer ${desk.user!.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await org.get(path)).status).toBe(200);

    const cashier = await team(org, ev.id, 'cash_register', 'Caja Dos');
    expect((await cashier.get(path)).body).toMatchObject({ status: 404, code: 'TICKET_NOT_FOUND', messagePublic: 'La entrada no existe.' });
    expect((await (await organizer(app.url, 'Extraña')).get(path)).status).toBe(404);
    expect((await client(app.url).get(path)).status).toBe(401);
    expect((await desk.get(`/ticket/${randomUUID()}/badge.pdf`)).body.code).toBe('TICKET_NOT_FOUND');
  });
});
