import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handleCommand } from '../../src/commands/handle.js';
import { issueGuestOrder } from '../../src/commands/sales/guest-order.js';
import { scanTicket } from '../../src/commands/sales/checkin.js';
import { checkinDecider, checkinStreamId } from '../../src/domain/sales/checkin.js';
import { orderDecider, orderStreamId } from '../../src/domain/sales/order.js';
import { ticketForScan } from '../../src/projections/sales/checkin-queries.js';
import { checkinsProjection } from '../../src/projections/sales/checkins.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { useTestApp } from '../support/app.js';
import { client, eventually, organizer, signUpVerified, type Client } from '../events/helpers.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { publishedEvent } from './helpers.js';

/** The door over HTTP and through its use case: one admission per ticket under any race, offline queues, rooms, access. */
describe('check-in (the door)', () => {
  const app = useTestApp();
  const settled = async (position: string | null | undefined) => {
    if (position && !(await waitForPosition(app.ctx.db, app.ctx.store, position, { timeoutMs: 20_000 }))) throw new Error(`projections did not reach ${position}`);
  };

  /** A published event with General and VIP, and its organizer. */
  async function setup() {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 500, tickets: [{ name: 'General', quantity: 200 }, { name: 'VIP', quantity: 50 }] });
    return { org, ev, ownerId: org.user!.user._id };
  }

  /** Tickets issued by the team (guest list), once the door can find them by code. */
  async function issue(eventId: string, ticketTypeId: string, by: string, names: string[]) {
    const r = await issueGuestOrder(app.ctx, {
      eventId,
      ticketTypeId,
      by,
      clientId: randomUUID(),
      method: 'guest',
      attendees: names.map((name, i) => ({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${i}@correo.pe` })),
    });
    await settled(r.position);
    const tickets = r.tickets.map((t) => ({ id: t.ticketId, code: t.code, orderId: r.order._id, name: t.attendeeName }));
    for (const t of tickets) await eventually(async () => (await ticketForScan(app.ctx.db, t.code)) !== null);
    return tickets;
  }

  async function teamMember(org: Client, eventId: string, role: string, name: string) {
    const who = await signUpVerified(app, { displayName: name });
    const granted = await org.post(`/event/${eventId}/collaborator`, { email: who.email, module: 'store', role });
    expect(granted.body.data.status).toBe('granted');
    return client(app.url, who);
  }

  const scanBody = (eventId: string, code: string, over: Record<string, unknown> = {}) => ({ eventId, code, door: 'Puerta 1', direction: 'in', scanId: randomUUID(), ...over });

  it('proves the race: unguarded (version any) two doors admit twice; the versioned append admits once', async () => {
    const { ev, ownerId } = await setup();
    const [a, b] = await issue(ev.id, ev.ticketIds[0], ownerId, ['Ana Rojas', 'Beto Paz']);
    const ticket = await ticketForScan(app.ctx.db, a.code);
    const command = (door: string) => ({
      type: 'sales.ScanTicket' as const,
      data: { ticket: { ticketId: a.id, eventId: ev.id, ticketTypeId: ticket!.ticketTypeId, ticketTypeName: 'General', status: 'valid' }, eventId: ev.id, door, room: null, direction: 'in' as const, scanId: randomUUID() },
    });
    // Without the guard: both doors decide on the state they read (nobody inside) and append unversioned.
    const unguarded = (door: string) =>
      handleCommand(app.ctx, { streamId: checkinStreamId(a.id), decider: checkinDecider, command: command(door), load: async () => ({ state: checkinDecider.initialState(), version: 'any' }) });
    await Promise.all([unguarded('Puerta 1'), unguarded('Puerta 2')]);
    const doubled = await app.ctx.store.readStream(checkinStreamId(a.id));
    expect(doubled.map((e) => e.type)).toEqual(['sales.TicketAdmitted', 'sales.TicketAdmitted']);

    // With it: the same race through the use case, ten times over on one ticket each time.
    for (let round = 0; round < 10; round++) {
      const [t] = round === 0 ? [b] : await issue(ev.id, ev.ticketIds[0], ownerId, [`Persona ${round}`]);
      const answers = await Promise.all(
        ['Puerta 1', 'Puerta 2', 'Puerta 3'].map((door) => scanTicket(app.ctx, { eventId: ev.id, code: t.code, door, direction: 'in', scanId: randomUUID(), by: ownerId })),
      );
      expect(answers.filter((x) => x.result === 'admitted')).toHaveLength(1);
      expect(answers.filter((x) => x.result === 'conflict')).toHaveLength(2);
      expect(await app.ctx.store.readStream(checkinStreamId(t.id))).toHaveLength(1);
    }
  });

  it('two doors at once over HTTP (two team members, repeated): exactly one admitted, the other told where and when', async () => {
    const { org, ev, ownerId } = await setup();
    const desk = await teamMember(org, ev.id, 'register', 'Recepción');
    const tickets = await issue(ev.id, ev.ticketIds[0], ownerId, ['Carla Díaz', 'Diego Luna', 'Elena Soto', 'Fabio Ríos', 'Gina Vela', 'Hugo Mena']);
    for (const t of tickets) {
      const [x, y] = await Promise.all([org.post('/checkin', scanBody(ev.code, t.code, { door: 'Puerta Norte' })), desk.post('/checkin', scanBody(ev.id, t.code, { door: 'Puerta Sur' }))]);
      expect([x.status, y.status]).toEqual([200, 200]);
      const results = [x.body.result, y.body.result].sort();
      expect(results).toEqual(['admitted', 'conflict']);
      const winner = x.body.result === 'admitted' ? x.body : y.body;
      const loser = x.body.result === 'admitted' ? y.body : x.body;
      expect(winner).toMatchObject({ ok: true, duplicate: false, code: 'ADMITTED', messagePublic: 'Ingreso registrado.', inside: true, ticket: { _id: t.id, attendeeName: t.name, ticketTypeName: 'General' } });
      expect(loser).toMatchObject({ ok: false, code: 'ALREADY_ADMITTED', admission: { door: winner.door, room: null, at: winner.at }, ticket: { _id: t.id } });
      // "Esta entrada ya ingresó por «Puerta Norte» a las 19:05." (the event's time zone)
      expect(loser.messagePublic).toMatch(new RegExp(`^Esta entrada ya ingresó por «${winner.door}» a las \\d{2}:\\d{2}\\.$`));
      expect(await app.ctx.store.readStream(checkinStreamId(t.id))).toHaveLength(1);
    }
  });

  it('exit and re-entry; an exit without entry is refused; a retried scan id gets the same answer and records nothing', async () => {
    const { org, ev, ownerId } = await setup();
    const [t] = await issue(ev.id, ev.ticketIds[0], ownerId, ['Irene Val']);
    const out0 = await org.post('/checkin', scanBody(ev.id, t.code, { direction: 'out' }));
    expect(out0.body).toMatchObject({ result: 'not_inside', ok: false, code: 'NOT_INSIDE', inside: false });
    // Typed in lower case at the door: the same code.
    const entry = scanBody(ev.id, t.code.toLowerCase());
    const first = await org.post('/checkin', entry);
    expect(first.body).toMatchObject({ result: 'admitted', ok: true, duplicate: false });
    const retry = await org.post('/checkin', { ...entry, door: 'Otra puerta' });
    expect(retry.body).toMatchObject({ result: 'admitted', ok: true, duplicate: true, door: 'Puerta 1', at: first.body.at });
    const exit = scanBody(ev.id, t.code, { direction: 'out', door: 'Salida' });
    expect((await org.post('/checkin', exit)).body).toMatchObject({ result: 'exited', messagePublic: 'Salida registrada.', inside: false });
    // The exit retried after the ticket came back in is still that exit (read from the stream, not re-decided).
    const reentry = await org.post('/checkin', scanBody(ev.id, t.code, { door: 'Puerta 2' }));
    expect(reentry.body).toMatchObject({ result: 'admitted', ok: true });
    expect((await org.post('/checkin', exit)).body).toMatchObject({ result: 'exited', duplicate: true, door: 'Salida' });
    expect((await app.ctx.store.readStream(checkinStreamId(t.id))).map((e) => e.type)).toEqual(['sales.TicketAdmitted', 'sales.TicketExited', 'sales.TicketAdmitted']);

    // The door's view of it.
    const verify = await org.get(`/tickets/verify/${t.code}?after=${reentry.body.position}`);
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ ticket: { _id: t.id, attendeeName: 'Irene Val', status: 'valid' }, event: { _id: ev.id }, inside: true, entries: 2, exits: 1 });
    expect(verify.body.lastScans.map((s: { direction: string; door: string }) => `${s.direction}:${s.door}`)).toEqual(['in:Puerta 2', 'out:Salida', 'in:Puerta 1']);
    const search = await org.get(`/checkin/${ev.id}/tickets?q=irene`);
    expect(search.body.data).toMatchObject([{ _id: t.id, inside: true }]);
    expect((await org.get(`/checkin/${ev.id}/tickets?q=${encodeURIComponent('IRENE.VAL')}`)).body.data).toHaveLength(1);
    const list = await org.get(`/checkin/${ev.id}/list`);
    expect(list.body.data).toEqual([{ code: t.code, attendeeName: 'Irene Val', ticketTypeName: 'General', status: 'valid', inside: true }]);
    const summary = await org.get(`/checkin/${ev.code}`);
    expect(summary.body).toMatchObject({ event: { _id: ev.id }, tickets: 1, inside: 1, admitted: 1 });
  });

  it('an offline queue synced at once: admitted, exited, duplicates, conflicts, unknown code, in order', async () => {
    const { org, ev, ownerId } = await setup();
    const desk = await teamMember(org, ev.id, 'lima_home', 'Puerta Lima');
    const [a, b, c] = await issue(ev.id, ev.ticketIds[0], ownerId, ['Juan Paz', 'Karla Ruiz', 'Luis Mora']);
    // B was admitted online at another door while this one was offline.
    expect((await org.post('/checkin', scanBody(ev.id, b.code, { door: 'Puerta 2' }))).body.result).toBe('admitted');
    const earlier = new Date(Date.now() - 60_000).toISOString();
    const s = (code: string, over: Record<string, unknown> = {}) => ({ code, door: 'Puerta 1', direction: 'in', scanId: randomUUID(), scannedAt: earlier, ...over });
    const aIn = s(a.code);
    const scans = [aIn, s(a.code), aIn, s(b.code), s(c.code), s(c.code, { direction: 'out' }), s('NO-EXISTE-123'), s(`${app.url}/tickets/verify/${c.code}`)];
    const r = await desk.post('/checkin/batch', { eventId: ev.id, scans });
    expect(r.status).toBe(200);
    expect(r.body.results.map((x: { result: string; duplicate: boolean }) => `${x.result}${x.duplicate ? '*' : ''}`)).toEqual([
      'admitted',
      'conflict',
      'admitted*',
      'conflict',
      'admitted',
      'exited',
      'unknown',
      'admitted',
    ]);
    expect(r.body.results[0]).toMatchObject({ scanId: aIn.scanId, at: earlier, ticket: { attendeeName: 'Juan Paz' } });
    expect(r.body.results[3].admission).toMatchObject({ door: 'Puerta 2' });
    expect(r.body.results[6]).toMatchObject({ ticket: null, code: 'UNKNOWN_TICKET', messagePublic: 'No existe ninguna entrada con ese código.' });
    // The same queue synced again (a retry after a lost answer): the accepted scans answer as duplicates, nothing new.
    const again = await desk.post('/checkin/batch', { eventId: ev.id, scans });
    expect(again.body.results.filter((x: { duplicate: boolean }) => x.duplicate).length).toBe(5);
    expect(await app.ctx.store.readStream(checkinStreamId(c.id))).toHaveLength(3);
    // Bad input is a Spanish catalogue error.
    const bad = await desk.post('/checkin/batch', { eventId: ev.id, scans: [] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, message: 'SOLICITUD NO PROCESADA' });
  });

  it('GET validateTicket/:code: anyone with the code sees the event, the type and the state, never the person', async () => {
    const { ev, ownerId } = await setup();
    const [ticket] = await issue(ev.id, ev.ticketIds[0], ownerId, ['Lucía Campos']);
    const anon = client(app.url);
    const r = await anon.get(`/validateTicket/${ticket.code.toLowerCase()}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: ticket.code, status: 'valid', ticketTypeName: 'General', event: { eventCode: ev.code } });
    expect(JSON.stringify(r.body)).not.toContain('Lucía');
    const res = await handleCommand(app.ctx, { streamId: orderStreamId(ticket.orderId), decider: orderDecider, command: { type: 'sales.RefundOrder', data: { orderId: ticket.orderId, refundId: null, reason: 'prueba' } }, meta: { userId: ownerId } });
    await settled(res.position);
    expect((await anon.get(`/validateTicket/${ticket.code}`)).body.status).toBe('refunded');
    expect((await anon.get('/validateTicket/NOEXISTE123')).body).toMatchObject({ status: 404, code: 'UNKNOWN_TICKET', messagePublic: 'No existe ninguna entrada con ese código.' });
  });

  it('refuses a ticket of another event, a cancelled and a refunded ticket', async () => {
    const { org, ev, ownerId } = await setup();
    const other = await publishedEvent(org, { capacity: 10, tickets: [{ name: 'Otra', quantity: 10 }] });
    const [foreign] = await issue(other.id, other.ticketIds[0], ownerId, ['Mara Gil']);
    const wrong = await org.post('/checkin', scanBody(ev.id, foreign.code));
    expect(wrong.body).toMatchObject({ result: 'wrong_event', ok: false, code: 'WRONG_EVENT', ticket: { attendeeName: 'Mara Gil', attendeeEmail: null } });
    expect(wrong.body.messagePublic).toMatch(/^Esta entrada es de otro evento \(«.+»\)\.$/);

    const [cancelled] = await issue(ev.id, ev.ticketIds[0], ownerId, ['Nora Cano']);
    const [refunded] = await issue(ev.id, ev.ticketIds[0], ownerId, ['Omar Vera']);
    const c = await handleCommand(app.ctx, { streamId: orderStreamId(cancelled.orderId), decider: orderDecider, command: { type: 'sales.CancelOrder', data: { orderId: cancelled.orderId, reason: 'prueba', byTeam: true } }, meta: { userId: ownerId } });
    const r = await handleCommand(app.ctx, { streamId: orderStreamId(refunded.orderId), decider: orderDecider, command: { type: 'sales.RefundOrder', data: { orderId: refunded.orderId, refundId: null, reason: 'prueba' } }, meta: { userId: ownerId } });
    await settled(c.position);
    await settled(r.position);
    expect((await org.post('/checkin', scanBody(ev.id, cancelled.code))).body).toMatchObject({ result: 'cancelled', code: 'TICKET_CANCELLED', messagePublic: 'Esta entrada fue anulada: no puede ingresar.' });
    expect((await org.post('/checkin', scanBody(ev.id, refunded.code))).body).toMatchObject({ result: 'cancelled', code: 'TICKET_REFUNDED', messagePublic: 'Esta entrada fue reembolsada: no puede ingresar.' });
    expect(await app.ctx.store.readStream(checkinStreamId(cancelled.id))).toHaveLength(0);
  });

  it('rooms: created on manage/auditorium, a type not allowed is refused, who is in each room and the counts', async () => {
    const { org, ev, ownerId } = await setup();
    const desk = await teamMember(org, ev.id, 'register', 'Recepción Salas');
    const [general] = await issue(ev.id, ev.ticketIds[0], ownerId, ['Pía León']);
    const [vip] = await issue(ev.id, ev.ticketIds[1], ownerId, ['Quique Sol']);
    const clientId = randomUUID();
    const created = await org.post(`/event/${ev.id}/room`, { name: 'Auditorio VIP', capacity: 2, ticketTypeIds: [ev.ticketIds[1]], clientId });
    expect(created.status).toBe(201);
    const roomId = created.body.data._id;
    // The same clientId answers the same room; a taken name and a foreign type are refused in Spanish.
    expect((await org.post(`/event/${ev.id}/room`, { name: 'Auditorio VIP', capacity: 2, ticketTypeIds: [ev.ticketIds[1]], clientId })).body.data._id).toBe(roomId);
    expect((await org.post(`/event/${ev.id}/room`, { name: 'auditorio vip', clientId: randomUUID() })).body).toMatchObject({ status: 409, code: 'ROOM_NAME_TAKEN', messagePublic: 'Ya existe una sala llamada «auditorio vip».' });
    expect((await org.post(`/event/${ev.id}/room`, { name: 'Sala X', ticketTypeIds: [randomUUID()], clientId: randomUUID() })).body.code).toBe('ROOM_UNKNOWN_TICKET_TYPE');
    // Only the organizer's team with event.edit manages rooms.
    expect((await desk.post(`/event/${ev.id}/room`, { name: 'Sala Z', clientId: randomUUID() })).status).toBe(403);
    const hall = await org.post(`/event/${ev.id}/room`, { name: 'Sala B', capacity: null, ticketTypeIds: [], clientId: randomUUID() });
    await settled(hall.body.position);

    const refused = await desk.post('/checkin', scanBody(ev.id, general.code, { room: roomId, door: 'Acceso VIP' }));
    expect(refused.body).toMatchObject({ result: 'room_not_allowed', ok: false, messagePublic: 'Las entradas «General» no pueden ingresar a «Auditorio VIP».' });
    const unknownRoom = await desk.post('/checkin', scanBody(ev.id, general.code, { room: randomUUID() }));
    expect(unknownRoom.body).toMatchObject({ result: 'unknown_room', messagePublic: 'Esa sala no existe en este evento.' });
    const inVip = await desk.post('/checkin', scanBody(ev.id, vip.code, { room: roomId, door: 'Acceso VIP' }));
    expect(inVip.body).toMatchObject({ result: 'admitted', messagePublic: 'Ingreso a «Auditorio VIP» registrado.', room: { _id: roomId, name: 'Auditorio VIP' } });
    const again = await desk.post('/checkin', scanBody(ev.id, vip.code, { room: roomId, door: 'Acceso VIP 2' }));
    expect(again.body).toMatchObject({ result: 'conflict', code: 'ALREADY_IN_ROOM' });
    expect(again.body.messagePublic).toMatch(/^Esta entrada ya ingresó a «Auditorio VIP» por «Acceso VIP» a las \d{2}:\d{2}\.$/);
    // The venue's door knows it is inside already.
    expect((await desk.post('/checkin', scanBody(ev.id, vip.code))).body.result).toBe('conflict');
    const inHall = await desk.post('/checkin', scanBody(ev.id, general.code, { room: hall.body.data._id }));
    expect(inHall.body.result).toBe('admitted');
    const moved = await desk.post('/checkin', scanBody(ev.id, vip.code, { room: hall.body.data._id }));
    expect(moved.body.result).toBe('admitted');

    const rooms = await org.get(`/event/${ev.id}/rooms?after=${moved.body.position}`);
    expect(rooms.body.data.map((r: { name: string; inside: number; entries: number; capacity: number | null }) => [r.name, r.inside, r.entries, r.capacity])).toEqual([
      ['Auditorio VIP', 0, 1, 2],
      ['Sala B', 2, 2, null],
    ]);
    const people = await desk.get(`/event/${ev.id}/room/${hall.body.data._id}/attendees`);
    expect(people.body.inside.map((p: { attendeeName: string }) => p.attendeeName)).toEqual(['Pía León', 'Quique Sol']);
    const out = await desk.post('/checkin', scanBody(ev.id, vip.code, { room: hall.body.data._id, direction: 'out' }));
    expect(out.body).toMatchObject({ result: 'exited', messagePublic: 'Salida de «Sala B» registrada.', inside: true });
    const changed = await org.put(`/event/${ev.id}/room/${roomId}`, { name: 'Auditorio Principal', capacity: 300, ticketTypeIds: [] });
    expect(changed.body.data).toMatchObject({ name: 'Auditorio Principal', capacity: 300, ticketTypeIds: [] });
    const removed = await org.del(`/event/${ev.id}/room/${roomId}`);
    expect(removed.status).toBe(200);
    const after = await org.get(`/event/${ev.id}/rooms?after=${removed.body.position}`);
    expect(after.body.data.map((r: { name: string }) => r.name)).toEqual(['Sala B']);
    expect((await org.del(`/event/${ev.id}/room/${roomId}`)).body).toMatchObject({ status: 404, code: 'ROOM_NOT_FOUND', messagePublic: 'La sala no existe.' });

    // A rebuild of sales.checkins from the log gives the same rows as the live read model.
    const rows = async () => ({
      checkins: await app.ctx.db.selectFrom('sales_checkins').selectAll().where('event_id', '=', ev.id).orderBy('ticket_id').execute(),
      scans: await app.ctx.db.selectFrom('sales_checkin_scans').selectAll().where('event_id', '=', ev.id).orderBy('id').execute(),
      rooms: await app.ctx.db.selectFrom('sales_rooms').selectAll().where('event_id', '=', ev.id).orderBy('id').execute(),
    });
    await settled(removed.body.position);
    const live = await rows();
    expect(live.scans.map((x) => `${x.direction}:${x.door}`)).toHaveLength(4);
    expect(live.rooms).toHaveLength(1);
    await rebuildProjection({ db: app.ctx.db, store: app.ctx.store }, checkinsProjection);
    expect(await rows()).toEqual(live);
  });

  it('access: register and lima_home scan; an attendee, a cashier and another organizer cannot; verify reads as missing for them', async () => {
    const { org, ev, ownerId } = await setup();
    const [t1, t2, t3] = await issue(ev.id, ev.ticketIds[0], ownerId, ['Rita Paz', 'Saúl Díaz', 'Tania Gil']);
    const register = await teamMember(org, ev.id, 'register', 'Registro');
    const lima = await teamMember(org, ev.id, 'lima_home', 'Lima Home');
    const cashier = await teamMember(org, ev.id, 'cash_register', 'Caja');
    const attendee = await organizer(app.url, 'Asistente');
    const stranger = await organizer(app.url, 'Otro organizador');
    expect((await register.post('/checkin', scanBody(ev.id, t1.code))).body.result).toBe('admitted');
    expect((await lima.post('/checkin', scanBody(ev.code, t2.code))).body.result).toBe('admitted');
    for (const who of [attendee, cashier, stranger]) {
      const r = await who.post('/checkin', scanBody(ev.id, t3.code));
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ status: 403, message: 'ACCESO DENEGADO' });
      expect((await who.post('/checkin/batch', { eventId: ev.id, scans: [{ code: t3.code, door: 'X', scanId: randomUUID() }] })).status).toBe(403);
      expect((await who.get(`/tickets/verify/${t3.code}`)).body).toMatchObject({ status: 404, code: 'TICKET_NOT_FOUND' });
      expect((await who.get(`/checkin/${ev.id}/tickets?q=tania`)).status).toBe(403);
      expect((await who.get(`/checkin/${ev.id}/list`)).status).toBe(403);
    }
    expect((await client(app.url).post('/checkin', scanBody(ev.id, t3.code))).status).toBe(401);
    expect(await app.ctx.store.readStream(checkinStreamId(t3.id))).toHaveLength(0);
    expect((await register.get(`/tickets/verify/${t3.code}`)).status).toBe(200);
    // Events a member may scan at (for /tickets/validate without an event).
    expect((await lima.get('/checkin/events')).body.data.map((e: { _id: string }) => e._id)).toEqual([ev.id]);
    expect((await cashier.get('/checkin/events')).body.data).toEqual([]);
  });
});
