import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { organizer } from '../events/helpers.js';
import { useTestApp } from '../support/app.js';
import { expectOk, meetingsRound, newParticipant, requestBody, settled } from './meetings-support.js';

const app = useTestApp();

describe('the virtual room (/mymeetings/room/{meeting}) over HTTP', () => {
  it('its two participants get the video link, the meeting chat and the other company; the team may look; nobody else', async () => {
    const { org, ev, round } = await meetingsRound(app, { venue: 'virtual', tables: 5 });
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Café del Valle', 'Agro');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Compras Andinas', 'Retail');
    const third = await newParticipant(app, org, ev, round, 'demand', 'Tercera SAC', 'Retail');
    const r = expectOk(await demand.c.post('/businessConference/meetings', requestBody(round._id, offer.participantId)), 'request');
    const id = r.data._id as string;

    // Not accepted yet: no room.
    const early = await demand.c.get(`/businessConference/meetings/${id}/room?after=${r.position}`);
    expect(early.status).toBe(403);
    expect(early.body.messagePublic).toBe('La reunión aún no fue aceptada.');

    const a = expectOk(await offer.c.post(`/businessConference/meetings/${id}/accept`, {}), 'accept');
    await settled(app, a.position);
    const unplaced = expectOk(await demand.c.get(`/businessConference/meetings/${id}/room`), 'room');
    expect(unplaced.data).toMatchObject({ videoUrl: null, meeting: { _id: id, venue: 'virtual', place: null, counterpart: { companyName: 'Café del Valle' } } });
    expect(unplaced.data.chatRoomId).toEqual(expect.any(String));

    const m = expectOk(await org.post(`/businessConference/round/${round._id}/agenda/meeting/${id}/move`, { slotId: round.slots[1].slotId, table: null, clientId: randomUUID() }), 'move');
    await settled(app, m.position);
    const room = expectOk(await offer.c.get(`/businessConference/meetings/${id}/room`), 'room');
    expect(room.data.videoUrl).toBe(`https://meet.jit.si/aforo-rueda-${id}`);
    expect(room.data.meeting).toMatchObject({ direction: 'received', place: { slotId: round.slots[1].slotId, start: round.slots[1].start }, counterpart: { companyName: 'Compras Andinas' } });
    // Both sides open the same conversation.
    const theirs = expectOk(await demand.c.get(`/businessConference/meetings/${id}/room`), 'room');
    expect(theirs.data.chatRoomId).toBe(room.data.chatRoomId);

    // The event's team may look (no chat of its own there); another participant of the round, another organizer and anonymous may not.
    const team = await org.get(`/businessConference/meetings/${id}/room`);
    expect(team.status).toBe(200);
    expect(team.body.data.chatRoomId).toBeNull();
    const other = await third.c.get(`/businessConference/meetings/${id}/room`);
    expect(other.status).toBe(403);
    expect(other.body.messagePublic).toBe('Solo los participantes de la reunión y el equipo del evento pueden verla.');
    expect((await (await organizer(app.url, 'Ajena')).get(`/businessConference/meetings/${id}/room`)).status).toBe(403);
  });

  it('a meeting at a table has no virtual room', async () => {
    const { org, ev, round } = await meetingsRound(app, { requestMode: 'auto' });
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Quinua Real', 'Agro');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Super Norte', 'Retail');
    const r = expectOk(await demand.c.post('/businessConference/meetings', requestBody(round._id, offer.participantId)), 'request');
    const res = await demand.c.get(`/businessConference/meetings/${r.data._id}/room?after=${r.position}`);
    expect(res.status).toBe(403);
    expect(res.body.messagePublic).toBe('Esta reunión no es virtual: se realiza en una mesa del evento.');
  });

  it('a participant no longer approved cannot request', async () => {
    const { org, ev, round } = await meetingsRound(app);
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Maca Andina', 'Agro');
    const pending = await newParticipant(app, org, ev, round, 'demand', 'Pendiente SAC', 'Retail');
    // Rejected after approval: the round's role goes, and so does the right to ask.
    const d = await org.post(`/businessConference/participant/${pending.participantId}/decision`, { clientId: randomUUID(), decision: 'reject' });
    await settled(app, d.body.position);
    const res = await pending.c.post('/businessConference/meetings', requestBody(round._id, offer.participantId));
    expect(res.status).toBe(403);
  });
});
