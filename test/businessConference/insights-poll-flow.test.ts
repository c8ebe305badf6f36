import { describe, expect, it } from 'vitest';
import { pollToken } from '../../src/commands/businessConference/poll-link.js';
import { pollsProjection } from '../../src/projections/businessConference/insights-polls.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { organizer } from '../events/helpers.js';
import { useTestApp } from '../support/app.js';
import { newMeeting, newParticipant, pollBody, seedRound, settled } from './insights-support.js';

const t = useTestApp();

async function pair() {
  const s = await seedRound(t);
  const offer = await newParticipant(t, s.org, s.ev, s.round, 'offer', 'Café Andino SAC', 'Agroindustria');
  const demand = await newParticipant(t, s.org, s.ev, s.round, 'demand', 'Supermercados Lima', 'Retail');
  const meetingId = await newMeeting(t, s.round._id, demand, offer, 'accept');
  return { ...s, offer, demand, meetingId };
}

describe('post-meeting polls', () => {
  it('a participant answers, retries (same client id, Idempotency-Key, same values) without a second record, and edits', async () => {
    const { round, offer, demand, meetingId, org } = await pair();
    const base = `/businessConference/round/${round._id}`;

    const before = await demand.c.get(`${base}/poll/mine?type=demand`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ roundId: round._id, currency: 'PEN', open: true, participantId: demand.participantId });
    expect(before.body.data.items).toEqual([
      expect.objectContaining({ meetingId, side: 'demand', answer: null, counterpart: expect.objectContaining({ participantId: offer.participantId, companyName: 'Café Andino SAC', sector: 'Agroindustria' }) }),
    ]);
    // As a demander they are on no meeting's offer side.
    expect((await demand.c.get(`${base}/poll/mine?type=offer`)).body.data.items).toEqual([]);

    const body = pollBody();
    const first = await demand.c.put(`${base}/poll/${meetingId}`, body);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ meetingId, side: 'demand', participantId: demand.participantId, counterpartId: offer.participantId, expectedAmount: 1_500_000, currency: 'PEN', satisfaction: 5, revision: 1 });

    const retry = await demand.c.put(`${base}/poll/${meetingId}`, body);
    expect(retry.status).toBe(200);
    expect(retry.body.data.revision).toBe(1);
    const sameValues = await demand.c.put(`${base}/poll/${meetingId}`, { ...body, clientId: crypto.randomUUID() });
    expect(sameValues.body.data.revision).toBe(1);
    const keyed = pollBody({ satisfaction: 4 });
    const k1 = await demand.c.put(`${base}/poll/${meetingId}`, keyed, { 'Idempotency-Key': `poll-${keyed.clientId}` });
    const k2 = await demand.c.put(`${base}/poll/${meetingId}`, keyed, { 'Idempotency-Key': `poll-${keyed.clientId}` });
    expect(k1.body.data.revision).toBe(2);
    expect(k2.body).toEqual(k1.body);
    const events = await t.ctx.store.readStream(`businessConference-poll-${meetingId}-demand`);
    expect(events.map((e) => e.type)).toEqual(['businessConference.PollAnswered', 'businessConference.PollAnswerChanged']);

    const edit = await demand.c.put(`${base}/poll/${meetingId}`, pollBody({ satisfaction: 3, interest: 'medium', expectedAmount: 900_000, comment: 'Seguimos en contacto' }));
    expect(edit.status).toBe(200);
    expect(edit.body.data.revision).toBe(3);
    await settled(t, edit.body.position);
    const after = await demand.c.get(`${base}/poll/mine?type=demand`);
    expect(after.body.data.items[0].answer).toMatchObject({ satisfaction: 3, interest: 'medium', expectedAmount: 900_000, comment: 'Seguimos en contacto', revision: 3 });

    const offerSide = await offer.c.put(`${base}/poll/${meetingId}`, pollBody({ satisfaction: 4, interest: 'high', expectedAmount: 1_100_000 }));
    expect(offerSide.body.data).toMatchObject({ side: 'offer', counterpartId: demand.participantId });
    await settled(t, offerSide.body.position);

    const grid = await org.get(`${base}/polls`);
    expect(grid.status).toBe(200);
    expect(grid.body.data.rows).toHaveLength(2);
    expect(grid.body.data.rows).toContainEqual(expect.objectContaining({ side: 'offer', companyName: 'Café Andino SAC', counterpartCompanyName: 'Supermercados Lima', sector: 'Agroindustria' }));
    expect(grid.body.data.summary).toMatchObject({ answers: 2, meetings: 1, meetingsAnswered: 1, satisfactionAverage: 3.5, expectedAmountTotal: 2_000_000, expectedAmountAverage: 1_000_000, interest: { high: 1, medium: 1, low: 0, none: 0 } });
  });

  it('refuses in Spanish: not your meeting, a meeting not accepted, the organizer, another organizer, bad values', async () => {
    const { round, ev, org, offer, demand, meetingId } = await pair();
    const base = `/businessConference/round/${round._id}`;
    const other = await newParticipant(t, org, ev, round, 'demand', 'Hoteles del Sur', 'Hoteles');

    const notMine = await other.c.put(`${base}/poll/${meetingId}`, pollBody());
    expect(notMine.status).toBe(403);
    expect(notMine.body).toMatchObject({ code: 'POLL_NOT_YOUR_MEETING', messagePublic: 'Esta reunión no es tuya: solo sus participantes pueden responder su encuesta.' });

    const requested = await newMeeting(t, round._id, other, offer, null);
    const pending = await other.c.put(`${base}/poll/${requested}`, pollBody());
    expect(pending.status).toBe(409);
    expect(pending.body.messagePublic).toBe('La encuesta solo se responde de reuniones aceptadas.');
    const declined = await newMeeting(t, round._id, demand, await newParticipant(t, org, ev, round, 'offer', 'Textiles Inca', 'Textil'), 'decline');
    expect((await demand.c.put(`${base}/poll/${declined}`, pollBody())).status).toBe(409);

    const byOrganizer = await org.put(`${base}/poll/${meetingId}`, pollBody());
    expect(byOrganizer.status).toBe(403);
    expect(byOrganizer.body.messagePublic).toBe('No eres participante de esta rueda de negocios.');

    const stranger = await organizer(t.url, 'Otra Organizadora');
    for (const r of [await stranger.get(`${base}/polls`), await stranger.get(`/businessConference/event/${ev._id}/report`), await stranger.put(`${base}/poll/${meetingId}`, pollBody())]) {
      expect([403, 404]).toContain(r.status);
      expect(r.body.messagePublic).toMatch(/[a-záéíóúñ]/);
    }
    // A participant does not see the organizer's grid nor the report.
    const grid = await demand.c.get(`${base}/polls`);
    expect(grid.status).toBe(403);
    expect(grid.body.messagePublic).toBe('Solo el equipo organizador puede ver las encuestas y los reportes.');
    expect((await demand.c.get(`/businessConference/event/${ev._id}/report`, { businessconference: round._id })).status).toBe(403);

    const bad = await demand.c.put(`${base}/poll/${meetingId}`, pollBody({ satisfaction: 7, expectedAmount: -5 }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['expectedAmount', 'satisfaction']);
    const unknown = await demand.c.put(`${base}/poll/${crypto.randomUUID()}`, pollBody());
    expect(unknown.status).toBe(404);
    expect(unknown.body.messagePublic).toBe('La reunión no existe.');
  });

  it('the poll link: a meeting id or a signed token opens the signed-in participant\'s poll; an altered or foreign token is refused', async () => {
    const { ev, round, offer, demand, meetingId } = await pair();
    const link = (poll: string) => `/businessConference/poll/${ev.eventCode}/${round.code}/${encodeURIComponent(poll)}`;
    const token = pollToken(t.ctx.config.jwtSecret, meetingId, demand.participantId);

    const byToken = await demand.c.get(link(token));
    expect(byToken.status).toBe(200);
    expect(byToken.body.data.item).toMatchObject({ meetingId, side: 'demand', answer: null });
    const byId = await offer.c.get(link(meetingId));
    expect(byId.body.data.item).toMatchObject({ meetingId, side: 'offer' });

    const foreign = await offer.c.get(link(token));
    expect(foreign.status).toBe(403);
    expect(foreign.body.messagePublic).toBe('Esta reunión no es tuya: solo sus participantes pueden responder su encuesta.');
    const altered = await demand.c.get(link(`${token.slice(0, -2)}xx`));
    expect(altered.status).toBe(400);
    expect(altered.body.messagePublic).toBe('El enlace de la encuesta no es válido.');

    const r = await demand.c.put(`/businessConference/round/${byToken.body.data.roundId}/poll/${meetingId}`, pollBody());
    await settled(t, r.body.position);
    expect((await demand.c.get(link(token))).body.data.item.answer).toMatchObject({ satisfaction: 5 });
  });

  it('concurrent answers of one side (different values) make one PollAnswered and consecutive revisions: none is lost', async () => {
    const { round, demand, meetingId } = await pair();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => demand.c.put(`/businessConference/round/${round._id}/poll/${meetingId}`, pollBody({ satisfaction: n }))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const events = await t.ctx.store.readStream(`businessConference-poll-${meetingId}-demand`);
    expect(events.map((e) => e.type)).toEqual(['businessConference.PollAnswered', ...Array(4).fill('businessConference.PollAnswerChanged')]);
    expect(events.map((e) => (e.data as { revision: number }).revision)).toEqual([1, 2, 3, 4, 5]);
    const last = events.at(-1)!.data as { satisfaction: number };
    for (const r of answers) await settled(t, r.body.position);
    const mine = await demand.c.get(`/businessConference/round/${round._id}/poll/mine`);
    expect(mine.body.data.items[0].answer).toMatchObject({ revision: 5, satisfaction: last.satisfaction });

    // A rebuild of the read model from the log gives the same rows.
    const rows = () => t.ctx.db.selectFrom('bc_poll_answers').selectAll().orderBy('meeting_id').orderBy('side').execute();
    const live = await rows();
    await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, pollsProjection);
    expect(await rows()).toEqual(live);
  });
});
