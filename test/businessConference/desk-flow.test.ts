import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { helpDecider, helpStreamId, type HelpEvent, type HelpState } from '../../src/domain/businessConference/help.js';
import { toNewEvents } from '../../src/commands/new-events.js';
import { WrongExpectedVersionError, type Recorded } from '../../src/eventstore/port.js';
import { client } from '../events/helpers.js';
import { deskProjections } from '../../src/projections/businessConference/desk-index.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { useFixture, useTestApp } from '../support/app.js';
import { newMeeting, newParticipant, placeInFirstSlot, seedDesk, settled, until } from './desk-support.js';

const app = useTestApp();
const w = useFixture(() => seedDesk(app), async () => {});

const HELP_TEXT = 'En breves momentos se conectará un administrador';
const ask = (c: typeof w.org, meetingId: string, type: string) => c.post('/businessConferenceScheduleHelp', { _businessConferenceSchedule: meetingId, type });

describe('help desk over HTTP', () => {
  it('a participant asks from their side of a meeting; asking again answers the same open request', async () => {
    const first = await ask(w.demand.c, w.meetingId, 'demand');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: HELP_TEXT, created: true, data: { _id: `${w.meetingId}.demand.1`, status: 'open', companyName: 'Compras Andinas', side: 'demand' } });
    const again = await ask(w.demand.c, w.meetingId, 'demand');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, position: null, data: { _id: `${w.meetingId}.demand.1` } });
    await settled(app, first.body.position);
    const mine = await w.demand.c.get(`/businessConference/meetings/${w.meetingId}/help?side=demand`);
    expect(mine.body.data.map((r: { _id: string }) => r._id)).toEqual([`${w.meetingId}.demand.1`]);
  });

  it('refuses in Spanish: unknown meeting, the wrong side, someone outside the round, bad input, anonymous', async () => {
    const unknown = await ask(w.demand.c, randomUUID(), 'demand');
    expect(unknown.status).toBe(404);
    expect(unknown.body.messagePublic).toBe('No encontramos esta reunión.');
    const wrongSide = await ask(w.offer.c, w.meetingId, 'demand');
    expect(wrongSide.status).toBe(403);
    expect(wrongSide.body.messagePublic).toBe('No participas en esta reunión por ese lado.');
    expect((await ask(w.outsider, w.meetingId, 'offer')).status).toBe(403);
    const bad = await ask(w.demand.c, w.meetingId, 'both');
    expect(bad.status).toBe(400);
    expect(bad.body.messagePublic).toEqual(expect.any(String));
    expect((await ask(client(app.url), w.meetingId, 'demand')).status).toBe(401);
    const other = await newParticipant(app, w.org, w.ev, w.round, 'demand', 'Distribuidora Lima');
    const requested = await newMeeting(app, w.round._id, other, w.offer, false);
    const notAccepted = await ask(other.c, requested, 'demand');
    expect(notAccepted.status).toBe(409);
    expect(notAccepted.body.messagePublic).toBe('Solo puedes pedir ayuda en una reunión aceptada.');
  });

  it('support takes it (a retry stays one take), a second agent is told who took it, only the taker resolves; waits recorded', async () => {
    const [sara, beto] = w.agents;
    const id = `${w.meetingId}.demand.1`;
    const list = await until(
      () => sara.get(`/businessConference/rounds/${w.round._id}/helpRequests`),
      (r) => r.status === 200 && r.body.data.some((x: { _id: string }) => x._id === id),
    );
    expect(list.body.stats).toMatchObject({ total: 1, open: 1 });
    // Nobody outside the event's help desk reads the list.
    expect((await w.outsider.get(`/businessConference/rounds/${w.round._id}/helpRequests`)).status).toBe(403);
    expect((await w.demand.c.get(`/businessConference/rounds/${w.round._id}/helpRequests`)).status).toBe(403);

    const clientId = randomUUID();
    const took = await sara.post(`/businessConference/helpRequests/${encodeURIComponent(id)}/take`, { clientId });
    expect(took.status).toBe(200);
    expect(took.body.data).toMatchObject({ status: 'taken', takenBy: sara.user!.user._id, takenByName: 'Sara Soporte', chatRoomId: expect.any(String), waitSeconds: expect.any(Number) });
    // The agent and the participant now share an individual chat room (the one the take names).
    const room = await sara.get(`/chatRoom?_user=${w.demand.userId}`);
    expect(room.status).toBe(200);
    expect(room.body.chatRoom._id).toBe(took.body.data.chatRoomId);
    const retry = await sara.post(`/businessConference/helpRequests/${encodeURIComponent(id)}/take`, { clientId });
    expect(retry.status).toBe(200);
    expect(retry.body.data.takenBy).toBe(sara.user!.user._id);

    const lost = await beto.post(`/businessConference/helpRequests/${encodeURIComponent(id)}/take`, { clientId: randomUUID() });
    expect(lost.status).toBe(409);
    expect(lost.body.messagePublic).toBe('Esta solicitud ya la atiende Sara Soporte.');
    const notHers = await beto.post(`/businessConference/helpRequests/${encodeURIComponent(id)}/resolve`, { clientId: randomUUID() });
    expect(notHers.status).toBe(409);
    expect(notHers.body.messagePublic).toBe('Esta solicitud la atiende Sara Soporte: solo quien la tomó puede resolverla.');
    expect((await w.outsider.post(`/businessConference/helpRequests/${encodeURIComponent(id)}/take`, { clientId: randomUUID() })).status).toBe(403);
    const missing = await sara.post(`/businessConference/helpRequests/${encodeURIComponent(`${w.meetingId}.offer.9`)}/take`, { clientId: randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body.messagePublic).toBe('No encontramos esta solicitud de ayuda.');

    const done = await sara.post(`/businessConference/helpRequests/${encodeURIComponent(id)}/resolve`, { clientId: randomUUID() });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'resolved', resolvedBy: sara.user!.user._id, handlingSeconds: expect.any(Number) });
    await settled(app, done.body.position);
    const after = await sara.get(`/businessConference/rounds/${w.round._id}/helpRequests`);
    expect(after.body.stats).toMatchObject({ total: 1, open: 0, taken: 0, resolved: 1, averageWaitSeconds: expect.any(Number), averageHandlingSeconds: expect.any(Number) });
    const seen = await w.demand.c.get(`/businessConference/meetings/${w.meetingId}/help?side=demand`);
    expect(seen.body.data[0]).toMatchObject({ status: 'resolved', takenByName: 'Sara Soporte' });

    // Resolved: asking again opens the meeting side's second request.
    const next = await ask(w.demand.c, w.meetingId, 'demand');
    expect(next.body).toMatchObject({ created: true, data: { _id: `${w.meetingId}.demand.2` } });
  });

  it('two agents taking one request at once: exactly one wins, the other gets a Spanish 409', async () => {
    const asked = await ask(w.offer.c, w.meetingId, 'offer');
    await settled(app, asked.body.position);
    const id = encodeURIComponent(asked.body.data._id);
    const answers = await Promise.all(w.agents.map((a) => a.post(`/businessConference/helpRequests/${id}/take`, { clientId: randomUUID() })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data.takenByName;
    expect(answers.find((a) => a.status === 409)!.body.messagePublic).toBe(`Esta solicitud ya la atiende ${winner}.`);
    const events = await app.ctx.store.readStream(helpStreamId(w.meetingId, 'offer'));
    expect(events.filter((e) => e.type === 'businessConference.HelpTaken')).toHaveLength(1);
  });

  it('the guard is the versioned append: decided on one state, two takes both land without it, one with it', async () => {
    const store = app.ctx.store;
    const ctx = { clock: () => new Date(), newId: () => randomUUID() };
    const dc = { now: new Date(), newId: ctx.newId };
    /** A fresh request, folded once: both agents decide on this same state (as two API processes would). */
    const openRequest = async () => {
      const meetingId = randomUUID();
      const streamId = helpStreamId(meetingId, 'offer');
      const asker = { roundId: randomUUID(), eventId: w.ev._id, meetingId, side: 'offer' as const, participantId: 'p', userId: 'u', companyName: 'C', contactName: 'N' };
      await store.appendToStream(streamId, toNewEvents(ctx, helpDecider.decide({ type: 'businessConference.AskHelp', data: asker }, helpDecider.initialState(), dc), {}), { expectedVersion: 'no_stream' });
      const recorded = (await store.readStream(streamId)) as Recorded<HelpEvent>[];
      const state = recorded.reduce<HelpState>((st, e) => helpDecider.evolve(st, e), helpDecider.initialState());
      const take = (agentId: string) => toNewEvents(ctx, helpDecider.decide({ type: 'businessConference.TakeHelp', data: { requestId: state.current!.requestId, agentId, agentName: agentId } }, state, dc), {});
      return { streamId, version: recorded.at(-1)!.streamVersion, take };
    };
    const takes = async (streamId: string) => (await store.readStream(streamId)).filter((e) => e.type === 'businessConference.HelpTaken').length;

    // Without the guard (expected version 'any'): both agents "win".
    const loose = await openRequest();
    await Promise.all(['a', 'b'].map((agent) => store.appendToStream(loose.streamId, loose.take(agent), { expectedVersion: 'any' })));
    expect(await takes(loose.streamId)).toBe(2);

    // With it: the same two appends at the version they decided on; one lands, the other is refused.
    const guarded = await openRequest();
    const results = await Promise.allSettled(['a', 'b'].map((agent) => store.appendToStream(guarded.streamId, guarded.take(agent), { expectedVersion: guarded.version })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: expect.any(WrongExpectedVersionError) });
    expect(await takes(guarded.streamId)).toBe(1);
  });
});

describe('attendance over HTTP (registerAttendance)', () => {
  const day = () => w.days[0];

  it('checks a participant in once per day, with counts; unticking undoes it', async () => {
    const body = () => ({ participantId: w.offer.participantId, day: day(), present: true, clientId: randomUUID() });
    const first = await w.org.put(`/businessConference/rounds/${w.round._id}/attendance`, body());
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ participantId: w.offer.participantId, days: [day()] });
    const twice = await w.org.put(`/businessConference/rounds/${w.round._id}/attendance`, body());
    expect(twice.status).toBe(200);
    expect(twice.body.position).toBeNull();
    await settled(app, first.body.position);
    const list = await w.org.get(`/businessConference/rounds/${w.round._id}/attendance`);
    expect(list.body.days).toEqual(w.days);
    expect(list.body.counts).toEqual({ [w.days[0]]: 1, [w.days[1]]: 0 });
    expect(list.body.rows.find((r: { participantId: string }) => r.participantId === w.offer.participantId)).toMatchObject({ companyName: 'Café del Valle', days: [day()] });
    expect(list.body.rows.find((r: { participantId: string }) => r.participantId === w.demand.participantId)).toMatchObject({ days: [] });

    const off = await w.org.put(`/businessConference/rounds/${w.round._id}/attendance`, { ...body(), present: false });
    await settled(app, off.body.position);
    expect((await w.org.get(`/businessConference/rounds/${w.round._id}/attendance`)).body.counts).toEqual({ [w.days[0]]: 0, [w.days[1]]: 0 });
  });

  it('refuses in Spanish: a day outside the round, an unknown participant; support and outsiders may not', async () => {
    const outside = await w.org.put(`/businessConference/rounds/${w.round._id}/attendance`, { participantId: w.offer.participantId, day: '2031-01-01', present: true, clientId: randomUUID() });
    expect(outside.status).toBe(400);
    expect(outside.body.messagePublic).toBe('Ese día no es parte de la rueda.');
    const unknown = await w.org.put(`/businessConference/rounds/${w.round._id}/attendance`, { participantId: randomUUID(), day: day(), present: true, clientId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.messagePublic).toBe('No encontramos a este participante en la rueda.');
    const badDay = await w.org.put(`/businessConference/rounds/${w.round._id}/attendance`, { participantId: w.offer.participantId, day: 'mañana', present: true, clientId: randomUUID() });
    expect(badDay.status).toBe(400);
    for (const who of [w.agents[0], w.outsider, w.offer.c]) {
      expect((await who.get(`/businessConference/rounds/${w.round._id}/attendance`)).status).toBe(403);
      expect((await who.put(`/businessConference/rounds/${w.round._id}/attendance`, { participantId: w.offer.participantId, day: day(), present: true, clientId: randomUUID() })).status).toBe(403);
    }
  });
});

describe('meeting outcomes over HTTP', () => {
  it('each side says whether it happened; a "no" records the other side as a no-show, seen by the organizer', async () => {
    const view = await w.demand.c.get(`/businessConference/meetings/${w.meetingId}/outcome?side=demand`);
    expect(view.body).toMatchObject({ data: null, canAnswer: true, startsAt: w.round.slots[0]!.start });
    const said = await w.demand.c.put(`/businessConference/meetings/${w.meetingId}/outcome`, { side: 'demand', happened: false, clientId: randomUUID() });
    expect(said.status).toBe(200);
    expect(said.body.data).toMatchObject({ demandSays: false, offerSays: null, happened: false, offerNoShow: true, demandNoShow: false });
    const same = await w.demand.c.put(`/businessConference/meetings/${w.meetingId}/outcome`, { side: 'demand', happened: false, clientId: randomUUID() });
    expect(same.body.position).toBeNull();
    const offerSays = await w.offer.c.put(`/businessConference/meetings/${w.meetingId}/outcome`, { side: 'offer', happened: true, clientId: randomUUID() });
    expect(offerSays.body.data).toMatchObject({ happened: null, disputed: true });
    await settled(app, offerSays.body.position);
    const all = await w.org.get(`/businessConference/rounds/${w.round._id}/outcomes`);
    expect(all.body.data).toEqual([expect.objectContaining({ meetingId: w.meetingId, offerSays: true, demandSays: false, offerNoShow: true, demandNoShow: false })]);
    expect((await w.agents[0].get(`/businessConference/rounds/${w.round._id}/outcomes`)).status).toBe(403);
  });

  it('refuses the other side, a meeting not placed yet, and outsiders', async () => {
    const wrong = await w.offer.c.put(`/businessConference/meetings/${w.meetingId}/outcome`, { side: 'demand', happened: true, clientId: randomUUID() });
    expect(wrong.status).toBe(403);
    expect(wrong.body.messagePublic).toBe('No participas en esta reunión por ese lado.');
    expect((await w.outsider.put(`/businessConference/meetings/${w.meetingId}/outcome`, { side: 'offer', happened: true, clientId: randomUUID() })).status).toBe(403);
    const other = await newParticipant(app, w.org, w.ev, w.round, 'demand', 'Mercado Norte');
    const unplaced = await newMeeting(app, w.round._id, other, w.offer, true);
    const early = await w.offer.c.put(`/businessConference/meetings/${unplaced}/outcome`, { side: 'offer', happened: true, clientId: randomUUID() });
    expect(early.status).toBe(409);
    expect(early.body.messagePublic).toBe('Esta reunión aún no tiene horario asignado.');
    expect((await w.offer.c.get(`/businessConference/meetings/${unplaced}/outcome?side=offer`)).body).toMatchObject({ canAnswer: false, startsAt: null });
    await placeInFirstSlot(app, w.org, w.round, unplaced, 2, 1);
    const placed = await w.offer.c.put(`/businessConference/meetings/${unplaced}/outcome`, { side: 'offer', happened: true, clientId: randomUUID() });
    expect(placed.status).toBe(200);
    await settled(app, placed.body.position);
  });
});

describe('read models', () => {
  it('a rebuild of the desk projections gives the same rows as the live ones', async () => {
    const rows = async () => ({
      help: await app.ctx.db.selectFrom('bc_help_requests').selectAll().orderBy('id').execute(),
      attendance: await app.ctx.db.selectFrom('bc_attendance').selectAll().orderBy('participant_id').orderBy('day').execute(),
      outcomes: await app.ctx.db.selectFrom('bc_meeting_outcomes').selectAll().orderBy('meeting_id').execute(),
    });
    const live = await rows();
    expect(live.help.length).toBeGreaterThan(0);
    expect(live.outcomes.length).toBeGreaterThan(0);
    for (const p of deskProjections) await rebuildProjection(app.ctx, p);
    expect(await rows()).toEqual(live);
  });
});
