import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findRound, roundByCode, roundsOfEvent } from '../../src/projections/businessConference/rounds-queries.js';
import { roundsProjection } from '../../src/projections/businessConference/rounds.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { createRound, deleteRound } from '../../src/commands/businessConference/round-manage.js';
import { authorizeRound } from '../../src/http/businessConference/access.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { useTestApp } from '../support/app.js';
import { client, createEvent, organizer, signUpVerified, type Client } from '../events/helpers.js';

const roundBody = (over: Record<string, unknown> = {}) => ({
  name: 'Rueda Agroexporta',
  startDate: '2030-05-01',
  endDate: '2030-05-01',
  timeZone: 'America/Lima',
  meetingMinutes: 30,
  days: [{ date: '2030-05-01', start: '09:00', end: '11:00', breaks: [{ start: '10:00', end: '10:30' }] }],
  venue: 'tables',
  tables: 12,
  requestDeadline: '2030-04-28T18:00',
  requestMode: 'accept',
  schedulingMode: 'participants',
  maxRequestsPerParticipant: null,
  productDeadline: null,
  ...over,
});

/** One node for the file. */
const app = useTestApp();

describe('rounds over HTTP', () => {
  async function eventWithRound(org: Client, over: Record<string, unknown> = {}) {
    const ev = (await createEvent(org)).data;
    const res = await org.post(`/event/${ev._id}/businessConferences`, { ...roundBody(over), clientId: randomUUID() });
    expect(res.status).toBe(201);
    // The round's routes read the read model (authorizeRound): wait for the creation there, as the web does.
    await waitForPosition(app.ctx.db, app.ctx.store, res.body.position as string, { timeoutMs: 20_000 });
    return { ev, round: res.body.data, position: res.body.position as string };
  }

  it('the organizer creates, edits and deletes a round; retries are answered once; errors are Spanish', async () => {
    const org = await organizer(app.url);
    const ev = (await createEvent(org)).data;
    const clientId = randomUUID();
    const created = await org.post(`/event/${ev._id}/businessConferences`, { ...roundBody(), clientId });
    expect(created.status).toBe(201);
    const round = created.body.data;
    expect(round).toMatchObject({ _id: clientId, eventId: ev._id, name: 'Rueda Agroexporta', version: 1, requestDeadline: '2030-04-28T23:00:00.000Z' });
    expect(round.code).toMatch(/^[A-Z2-9]{5}$/);
    expect(round.slots.map((s: { slotId: string }) => s.slotId)).toEqual(['2030-05-01_09:00', '2030-05-01_09:30', '2030-05-01_10:30']);

    const retry = await org.post(`/event/${ev._id}/businessConferences`, { ...roundBody(), clientId });
    expect(retry.status).toBe(201);
    expect(retry.body.data).toMatchObject({ _id: clientId, code: round.code, version: 1 });

    const list = await org.get(`/businessConferencesByPermission?event=${ev.eventCode}&after=${created.body.position}`);
    expect(list.status).toBe(200);
    expect(list.body.data.data.map((r: { _id: string }) => r._id)).toEqual([clientId]);
    expect(await roundByCode(app.ctx.db, ev._id, round.code.toLowerCase())).toMatchObject({ _id: clientId });

    const bad = await org.post(`/event/${ev._id}/businessConferences`, { ...roundBody({ endDate: '2030-04-01' }), clientId: randomUUID() });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, code: 'END_BEFORE_START', messagePublic: 'La fecha de fin no puede ser anterior a la fecha de inicio.' });
    const noFit = await org.put(`/businessConferences/${clientId}`, roundBody({ meetingMinutes: 180 }));
    expect(noFit.status).toBe(400);
    expect(noFit.body.messagePublic).toBe('El 2030-05-01 no cabe ninguna reunión de 180 minutos entre el inicio, los descansos y el fin.');
    const shape = await org.post(`/event/${ev._id}/businessConferences`, { ...roundBody({ meetingMinutes: 'media hora' }), clientId: randomUUID() });
    expect(shape.status).toBe(400);
    expect(shape.body.messagePublic).toBeTruthy();

    const edited = await org.put(`/businessConferences/${clientId}`, { ...roundBody({ name: 'Rueda Norte', meetingMinutes: 20 }), expectedVersion: 1, clientId: randomUUID() });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Rueda Norte', version: 2, meetingMinutes: 20 });
    const stale = await org.put(`/businessConferences/${clientId}`, { ...roundBody({ name: 'Otra' }), expectedVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('ROUND_STALE');

    const fields = await org.put(`/businessConferences/${clientId}/fields/offer`, { fields: [{ label: 'Certificación', kind: 'choice', options: ['Orgánico', 'Comercio justo'], required: true }] });
    expect(fields.status).toBe(200);
    expect(fields.body.data.offerFields).toEqual([{ key: 'certificacion', label: 'Certificación', kind: 'choice', options: ['Orgánico', 'Comercio justo'], required: true }]);
    const filter = await org.put(`/businessConferences/${clientId}/catalogueFilter`, { filter: ['sector', 'certificacion'] });
    expect(filter.status).toBe(200);
    const read = await org.get(`/businessConferences/${clientId}?after=${filter.body.position}`);
    expect(read.body.data).toMatchObject({ name: 'Rueda Norte', catalogueFilter: ['sector', 'certificacion'], version: 4 });

    const delId = randomUUID();
    const del = await fetch(`${app.api}/businessConferences/${clientId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${org.user!.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: delId }),
    });
    expect(del.status).toBe(200);
    const delBody = await del.json();
    const again = await fetch(`${app.api}/businessConferences/${clientId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${org.user!.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: delId }),
    });
    expect(again.status).toBe(200);
    const gone = await org.get(`/businessConferences/${clientId}?after=${delBody.position}`);
    expect(gone.status).toBe(404);
    expect(gone.body.messagePublic).toBe('La rueda de negocios no existe o fue eliminada.');
    expect(await roundsOfEvent(app.ctx.db, ev._id)).toEqual([]);
  });

  it('another organizer cannot see, edit or delete a round; nor reuse its id in their event', async () => {
    const org = await organizer(app.url);
    const { ev, round } = await eventWithRound(org);
    const other = await organizer(app.url, 'Otra organizadora');
    expect((await other.get(`/businessConferences/${round._id}`)).status).toBe(403);
    expect((await other.put(`/businessConferences/${round._id}`, roundBody({ name: 'Mía' }))).status).toBe(403);
    expect((await other.del(`/businessConferences/${round._id}`)).status).toBe(403);
    expect((await other.get(`/event/${ev._id}/businessConferences`)).status).toBe(403);
    const list = await other.get(`/businessConferencesByPermission?event=${ev._id}`);
    expect(list.body.data.data).toEqual([]);
    const own = (await createEvent(other)).data;
    const steal = await other.post(`/event/${own._id}/businessConferences`, { ...roundBody(), clientId: round._id });
    expect(steal.status).toBe(409);
    expect((await findRound(app.ctx.db, round._id))?.eventId).toBe(ev._id);
    expect((await client(app.url).get(`/businessConferences/${round._id}`)).status).toBe(401);
    expect((await org.get(`/businessConferences/${randomUUID()}`)).status).toBe(404);
  });

  it('production edits (meeting.manage), support only reads; a participant reads only their own round', async () => {
    const org = await organizer(app.url);
    const { ev, round } = await eventWithRound(org);
    const second = (await org.post(`/event/${ev._id}/businessConferences`, { ...roundBody({ name: 'Rueda Sur', startDate: '2030-06-01', endDate: '2030-06-01', days: [{ date: '2030-06-01', start: '09:00', end: '10:00', breaks: [] }], requestDeadline: null }), clientId: randomUUID() })).body;

    const prodUser = await signUpVerified(app, { displayName: 'Producción' });
    const supUser = await signUpVerified(app, { displayName: 'Soporte' });
    for (const [u, role] of [[prodUser, 'production'], [supUser, 'support']] as const) {
      const g = await org.post(`/event/${ev._id}/collaborator`, { email: u.email, module: 'businessConference', role });
      expect(g.body.data.status).toBe('granted');
    }
    const prod = client(app.url, prodUser);
    const sup = client(app.url, supUser);
    await eventuallyOk(() => prod.get(`/businessConferences/${round._id}`));
    const prodEdit = await prod.put(`/businessConferences/${round._id}`, roundBody({ name: 'Rueda Producción' }));
    expect(prodEdit.status).toBe(200);
    await eventuallyOk(() => sup.get(`/businessConferences/${round._id}`));
    expect((await sup.put(`/businessConferences/${round._id}`, roundBody({ name: 'Rueda Soporte' }))).status).toBe(403);
    const supList = await sup.get(`/businessConferencesByPermission?event=${ev._id}&after=${prodEdit.body.position}`);
    expect(supList.body.data.data.map((r: { name: string }) => r.name)).toEqual(['Rueda Producción', 'Rueda Sur']);

    // A participant of the first round (the membership the participants area grants on approval).
    const partUser = await signUpVerified(app, { displayName: 'Ofertante' });
    await app.ctx.db
      .insertInto('access_memberships')
      .values({ user_id: partUser.user._id, client_id: org.user!.user._id, event_id: ev._id, module: 'businessConference', role: 'offer', round_id: round._id, exhibitor_company_id: null, granted_by: org.user!.user._id, granted_at: new Date() })
      .execute();
    const part = client(app.url, partUser);
    expect((await part.get(`/businessConferences/${round._id}`)).status).toBe(200);
    expect((await part.get(`/businessConferences/${second.data._id}`)).status).toBe(403);
    expect((await part.put(`/businessConferences/${round._id}`, roundBody())).status).toBe(403);
    expect((await part.get(`/event/${ev._id}/businessConferences`)).status).toBe(403);
    const partList = await part.get(`/businessConferencesByPermission?event=${ev.eventCode}`);
    expect(partList.body.data.data.map((r: { _id: string }) => r._id)).toEqual([round._id]);
  });

  it('a round with participants is not deleted (409 in Spanish)', async () => {
    const org = await organizer(app.url);
    const { ev, round } = await eventWithRound(org);
    // A registration as the participants area's read model holds it.
    await app.ctx.db
      .insertInto('bc_participants')
      .values({
        id: randomUUID(),
        round_id: round._id,
        event_id: ev._id,
        user_id: org.user!.user._id,
        type: 'offer',
        status: 'pending',
        company_name: 'Café Andino SAC',
        company_ruc: '20100070971',
        company_sector: 'Agroindustria',
        company_logo_url: null,
        company_description: '',
        contact_name: 'Ana',
        email: 'ana@example.test',
        phone: null,
        fields: JSON.stringify({}),
        search: 'cafe andino',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const res = await org.del(`/businessConferences/${round._id}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'ROUND_HAS_PARTICIPANTS', messagePublic: 'La rueda tiene participantes inscritos: no se puede eliminar.' });
    expect(await findRound(app.ctx.db, round._id)).not.toBeNull();
  });

  it('a rebuild of businessConference.rounds equals the live read model', async () => {
    const org = await organizer(app.url);
    const { ev, round } = await eventWithRound(org);
    const f = await org.put(`/businessConferences/${round._id}/fields/demand`, { fields: [{ label: 'Volumen anual', kind: 'number', required: false }] });
    await org.get(`/businessConferences/${round._id}?after=${f.body.position}`);
    const before = await roundsOfEvent(app.ctx.db, ev._id);
    await rebuildProjection(app.ctx, roundsProjection);
    expect(await roundsOfEvent(app.ctx.db, ev._id)).toEqual(before);
  });
});

/** Team grants reach the access read model just after the request: poll until the guard lets the user in. */
async function eventuallyOk(call: () => Promise<{ status: number }>) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await call();
    if (r.status === 200) return;
    if (Date.now() > deadline) throw new Error(`still ${r.status}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

describe('round codes and the round guard', () => {
  it('two rounds created at once that draw the same code get different codes (the reservation per event)', async () => {
    const org = await organizer(app.url);
    const ev = (await createEvent(org)).data;
    const input = { ...roundBody(), meetingMinutes: 30 } as Parameters<typeof createRound>[1]['round'];
    // Both draw 'AAAAA' first; the one that loses the reservation draws again.
    const draws = ['AAAAA', 'AAAAA', 'BBBBB', 'CCCCC'];
    const drawCode = () => draws.shift()!;
    const [a, b] = await Promise.all([
      createRound(app.ctx, { eventId: ev._id, round: input, clientId: randomUUID(), by: org.user!.user._id, drawCode }),
      createRound(app.ctx, { eventId: ev._id, round: input, clientId: randomUUID(), by: org.user!.user._id, drawCode }),
    ]);
    expect(new Set([a.state.code, b.state.code]).size).toBe(2);
    expect([a.state.code, b.state.code]).toContain('AAAAA');
    // Another event may use the same code.
    const other = (await createEvent(org)).data;
    const c = await createRound(app.ctx, { eventId: other._id, round: input, clientId: randomUUID(), by: org.user!.user._id, drawCode: () => 'AAAAA' });
    expect(c.state.code).toBe('AAAAA');
    // A deleted round frees its code.
    const first = a.state.code === 'AAAAA' ? a : b;
    await deleteRound(app.ctx, { roundId: first.state.roundId!, by: org.user!.user._id });
    const again = await createRound(app.ctx, { eventId: ev._id, round: input, clientId: randomUUID(), by: org.user!.user._id, drawCode: () => 'AAAAA' });
    expect(again.state.code).toBe('AAAAA');
  });

  it('authorizeRound: 404 for an unknown round, the team passes for every round, a participant only for theirs', async () => {
    const org = await organizer(app.url);
    const ev = (await createEvent(org)).data;
    const input = roundBody() as Parameters<typeof createRound>[1]['round'];
    const r1 = await createRound(app.ctx, { eventId: ev._id, round: input, clientId: randomUUID(), by: org.user!.user._id });
    const r2 = await createRound(app.ctx, { eventId: ev._id, round: input, clientId: randomUUID(), by: org.user!.user._id });
    await waitForPosition(app.ctx.db, app.ctx.store, r2.position!, { timeoutMs: 20_000 });
    const part = await signUpVerified(app, { displayName: 'Demandante' });
    await app.ctx.db
      .insertInto('access_memberships')
      .values({ user_id: part.user._id, client_id: org.user!.user._id, event_id: ev._id, module: 'businessConference', role: 'demand', round_id: r2.state.roundId, exhibitor_company_id: null, granted_by: org.user!.user._id, granted_at: new Date() })
      .execute();
    const req = (user: unknown, headers: Record<string, string> = {}) => ({ user, headers }) as never;

    await expect(authorizeRound(app.ctx, req(org.user!.user), randomUUID())).rejects.toMatchObject({ status: 404, messagePublic: 'La rueda de negocios no existe o fue eliminada.' });
    const team = await authorizeRound(app.ctx, req(org.user!.user), r1.state.roundId!, 'meeting.manage');
    expect(team.round._id).toBe(r1.state.roundId);
    expect(team.grant.owner).toBe(true);
    const mine = await authorizeRound(app.ctx, req(part.user), r2.state.roundId!, 'demand.manage');
    expect(mine.grant.roles.businessConference).toBe('demand');
    await expect(authorizeRound(app.ctx, req(part.user), r1.state.roundId!)).rejects.toMatchObject({ status: 403 });
    await expect(authorizeRound(app.ctx, req(part.user), r2.state.roundId!, 'offer.manage')).rejects.toMatchObject({ status: 403 });
    // A page header of the business conference is checked against the role's pages.
    await expect(authorizeRound(app.ctx, req(part.user, { module: 'businessConference', page: '/agend' }), r2.state.roundId!)).rejects.toMatchObject({ status: 403 });
    expect((await authorizeRound(app.ctx, req(part.user, { module: 'businessConference', page: '/demand/participants' }), r2.state.roundId!)).grant.eventId).toBe(ev._id);
  });
});
