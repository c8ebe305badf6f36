import { randomUUID } from 'node:crypto';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { MEETING_UPDATED_SOCKET_EVENT, type MeetingUpdatedPayload } from '../../src/contracts/businessConference-meetings.js';
import { expireMeeting } from '../../src/commands/businessConference/meeting-expire.js';
import { jobName } from '../../src/workers/jobs.js';
import { expireMeetingJob } from '../../src/workers/businessConference/meetings-expiry.js';
import { client, organizer } from '../events/helpers.js';
import { useFixture, useTestApp } from '../support/app.js';
import { expectOk, meetingsRound, newParticipant, requestBody, settled } from './meetings-support.js';

const app = useTestApp();
const w = useFixture(async () => {
  const { org, ev, round } = await meetingsRound(app);
  const offer = await newParticipant(app, org, ev, round, 'offer', 'Café del Valle', 'Agro');
  const offer2 = await newParticipant(app, org, ev, round, 'offer', 'Cacao Puro', 'Agro');
  const demand = await newParticipant(app, org, ev, round, 'demand', 'Compras Andinas', 'Retail');
  const demand2 = await newParticipant(app, org, ev, round, 'demand', 'Distribuidora Lima', 'Retail');
  return { org, ev, round, offer, offer2, demand, demand2 };
}, async () => {});

const mine = async (c: ReturnType<typeof client>, roundId: string, after?: string | null) =>
  expectOk(await c.get(`/businessConference/meetings/mine?roundId=${roundId}${after ? `&after=${after}` : ''}`), 'mine').data;

describe('meeting requests over HTTP', () => {
  it('a demander asks, the offerer sees it received (pushed live), accepts; both see it accepted; a retry is the same request', async () => {
    const token = (w.offer.c.user as { token: string }).token;
    const socket = connect(app.url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
    const got: MeetingUpdatedPayload[] = [];
    socket.on(MEETING_UPDATED_SOCKET_EVENT, (p: MeetingUpdatedPayload) => got.push(p));
    await new Promise<void>((r) => socket.on('connect', () => r()));
    try {
      const body = requestBody(w.round._id, w.offer.participantId, { preferredSlotId: w.round.slots[1].slotId, message: 'Queremos comprar café' });
      const r = await w.demand.c.post('/businessConference/meetings', body);
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({ status: 'requested', requesterId: w.demand.participantId, counterpartId: w.offer.participantId, offerParticipantId: w.offer.participantId, demandParticipantId: w.demand.participantId, message: 'Queremos comprar café', sequence: 0 });
      const id = r.body.data._id;
      const again = await w.demand.c.post('/businessConference/meetings', body);
      expect(again.status).toBe(201);
      expect(again.body.data._id).toBe(id);

      const received = await mine(w.offer.c, w.round._id, r.body.position);
      expect(received.meetings).toEqual([expect.objectContaining({ _id: id, direction: 'received', status: 'requested', counterpart: expect.objectContaining({ companyName: 'Compras Andinas' }) })]);
      const sent = await mine(w.demand.c, w.round._id);
      expect(sent.meetings[0]).toMatchObject({ _id: id, direction: 'sent', counterpart: { companyName: 'Café del Valle' } });
      expect(sent.quotas).toEqual([{ participantId: w.demand.participantId, roundId: w.round._id, used: 1, max: null }]);

      // Only the counterpart answers.
      const wrong = await w.demand.c.post(`/businessConference/meetings/${id}/accept`, {});
      expect(wrong.status).toBe(403);
      expect(wrong.body.messagePublic).toBe('Solo el participante que recibió la solicitud puede responderla.');
      const a = await w.offer.c.post(`/businessConference/meetings/${id}/accept`, {});
      expect(a.status).toBe(200);
      expect(a.body.data).toMatchObject({ status: 'accepted', sequence: 1 });
      expect((await mine(w.demand.c, w.round._id, a.body.position)).meetings[0]).toMatchObject({ _id: id, status: 'accepted' });

      const deadline = Date.now() + 10_000;
      while (got.filter((p) => p.meetingId === id).length < 2 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
      expect(got.filter((p) => p.meetingId === id).map((p) => p.status)).toEqual(['requested', 'accepted']);

      // The counterpart is notified in the inbox.
      let inbox = '';
      for (let i = 0; i < 200 && !inbox.includes('Compras Andinas te solicitó una reunión.'); i++) {
        inbox = JSON.stringify((await w.offer.c.get('/notification?update=true')).body);
        await new Promise((res) => setTimeout(res, 50));
      }
      expect(inbox).toContain('Compras Andinas te solicitó una reunión.');
    } finally {
      socket.disconnect();
    }
  });

  it('an accepted pair are chat contacts; a pending one are not', async () => {
    const r = expectOk(await w.demand2.c.post('/businessConference/meetings', requestBody(w.round._id, w.offer2.participantId)), 'request');
    await settled(app, r.position);
    const offer2User = w.offer2.c.user!.user._id;
    expect((await w.demand2.c.get(`/chatRoom?_user=${offer2User}`)).status).toBe(403);
    const a = expectOk(await w.offer2.c.post(`/businessConference/meetings/${r.data._id}/accept`, {}), 'accept');
    await settled(app, a.position);
    expect((await w.demand2.c.get(`/chatRoom?_user=${offer2User}`)).status).toBe(200);
    // Two participants of the round are not contacts just by registering.
    const demandUser = w.demand.c.user!.user._id;
    expect((await w.demand2.c.get(`/chatRoom?_user=${demandUser}`)).status).toBe(403);
    // The event's team and an approved participant are (the help desk).
    expect((await w.org.get(`/chatRoom?_user=${demandUser}`)).status).toBe(200);
  });

  it('decline, cancel, and a new request of the pair once the first is closed; duplicates refused while open', async () => {
    const first = expectOk(await w.demand.c.post('/businessConference/meetings', requestBody(w.round._id, w.offer2.participantId)), 'request');
    const dup = await w.demand.c.post('/businessConference/meetings', requestBody(w.round._id, w.offer2.participantId));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'MEETING_PAIR_EXISTS', messagePublic: 'Ya existe una solicitud de reunión pendiente o aceptada con este participante.' });
    // The other side asking the same pair is the same pair.
    const reverse = await w.offer2.c.post('/businessConference/meetings', requestBody(w.round._id, w.demand.participantId));
    expect(reverse.status).toBe(409);
    // The counterpart cannot cancel a request (it declines it).
    const cancelByCounterpart = await w.offer2.c.post(`/businessConference/meetings/${first.data._id}/cancel`, {});
    expect(cancelByCounterpart.status).toBe(403);
    expect(cancelByCounterpart.body.messagePublic).toBe('Solo quien envió la solicitud puede cancelarla.');
    const declined = expectOk(await w.offer2.c.post(`/businessConference/meetings/${first.data._id}/decline`, { reason: 'Sin stock' }), 'decline');
    expect(declined.data.status).toBe('declined');
    const declineAgain = await w.offer2.c.post(`/businessConference/meetings/${first.data._id}/accept`, {});
    expect(declineAgain.status).toBe(409);
    expect(declineAgain.body.messagePublic).toBe('La solicitud ya fue respondida, cancelada o venció.');

    const second = expectOk(await w.demand.c.post('/businessConference/meetings', requestBody(w.round._id, w.offer2.participantId)), 'request again');
    expect(second.data._id).not.toBe(first.data._id);
    const cancelled = expectOk(await w.demand.c.post(`/businessConference/meetings/${second.data._id}/cancel`, {}), 'cancel');
    expect(cancelled.data.status).toBe('cancelled');
    const after = await mine(w.demand.c, w.round._id, cancelled.position);
    // Closed requests give their quota place back.
    expect(after.quotas[0].used).toBe(after.meetings.filter((x: { direction: string; status: string }) => x.direction === 'sent' && ['requested', 'accepted'].includes(x.status)).length);
  });

  it('refuses in Spanish: same side, oneself, unknown counterpart, not approved, another round, another organizer, anonymous, bad input', async () => {
    const sameSide = await w.demand.c.post('/businessConference/meetings', requestBody(w.round._id, w.demand2.participantId));
    expect(sameSide.status).toBe(400);
    expect(sameSide.body.messagePublic).toBe('Solo puedes solicitar reuniones con participantes del otro lado de la rueda (ofertantes con demandantes).');
    const self = await w.demand.c.post('/businessConference/meetings', requestBody(w.round._id, w.demand.participantId));
    expect(self.status).toBe(400);
    const unknown = await w.demand.c.post('/businessConference/meetings', requestBody(w.round._id, randomUUID()));
    expect(unknown.status).toBe(404);
    expect(unknown.body.messagePublic).toBe('El participante solicitado no existe en esta rueda de negocios.');

    // A participant of another round (another organizer's event) cannot ask in this one, nor answer its meetings.
    const other = await meetingsRound(app);
    const stranger = await newParticipant(app, other.org, other.ev, other.round, 'demand', 'Ajena SAC', 'Retail');
    const cross = await stranger.c.post('/businessConference/meetings', requestBody(w.round._id, w.offer.participantId));
    expect(cross.status).toBe(403);
    const crossCounterpart = await w.demand.c.post('/businessConference/meetings', requestBody(w.round._id, stranger.participantId));
    expect(crossCounterpart.status).toBe(404);
    const outsider = await organizer(app.url, 'Otra Organizadora');
    expect((await outsider.post('/businessConference/meetings', requestBody(w.round._id, w.offer.participantId))).status).toBe(403);
    expect((await outsider.get(`/businessConference/meetings/mine?roundId=${w.round._id}`)).status).toBe(403);
    const m = expectOk(await w.demand2.c.post('/businessConference/meetings', requestBody(w.round._id, w.offer.participantId)), 'request');
    expect((await outsider.post(`/businessConference/meetings/${m.data._id}/accept`, {})).status).toBe(403);
    expect((await stranger.c.get(`/businessConference/meetings/${m.data._id}`)).status).toBe(403);
    expect((await client(app.url).post('/businessConference/meetings', requestBody(w.round._id, w.offer.participantId))).status).toBe(401);
    const bad = await w.demand.c.post('/businessConference/meetings', { roundId: w.round._id, counterpartId: w.offer.participantId, message: 'x'.repeat(600), clientId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.messagePublic).toEqual(expect.any(String));
    const unknownMeeting = await w.demand.c.post(`/businessConference/meetings/${randomUUID()}/accept`, {});
    expect(unknownMeeting.status).toBe(404);
    expect(unknownMeeting.body.messagePublic).toBe('La reunión no existe.');
  });

  it('the team cancels an accepted meeting; an organizer of another event cannot', async () => {
    const { org, ev, round } = await meetingsRound(app, { requestMode: 'auto' });
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Lúcuma Andina', 'Agro');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Heladería Norte', 'Retail');
    const r = expectOk(await demand.c.post('/businessConference/meetings', requestBody(round._id, offer.participantId)), 'request');
    const outsider = await organizer(app.url, 'Organizadora Ajena');
    expect((await outsider.post(`/businessConference/meetings/${r.data._id}/cancel`, {})).status).toBe(403);
    const c = await org.post(`/businessConference/meetings/${r.data._id}/cancel`, { reason: 'Empresa retirada' });
    expect(c.status).toBe(200);
    expect(c.body.data).toMatchObject({ status: 'cancelled', sequence: 2 });
  });
});

describe('round rules', () => {
  it('auto-accept: the request is accepted at once', async () => {
    const { org, ev, round } = await meetingsRound(app, { requestMode: 'auto' });
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Quinua Real', 'Agro');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Super Norte', 'Retail');
    const r = await demand.c.post('/businessConference/meetings', requestBody(round._id, offer.participantId));
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status: 'accepted', sequence: 1 });
  });

  it('after the request deadline nothing is requested', async () => {
    const { org, ev, round } = await meetingsRound(app, { requestDeadline: '2020-01-01T10:00' });
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Palta Hass', 'Agro');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Mercado Sur', 'Retail');
    const r = await demand.c.post('/businessConference/meetings', requestBody(round._id, offer.participantId));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'REQUEST_DEADLINE_PASSED', messagePublic: 'El plazo para solicitar reuniones en esta rueda de negocios ya terminó.' });
  });

  it('an unanswered request gets its expiry job at request time; the job expires it at the deadline and frees the place', async () => {
    const { org, ev, round } = await meetingsRound(app, { maxRequestsPerParticipant: 1 });
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Mango Piura', 'Agro');
    const offerB = await newParticipant(app, org, ev, round, 'offer', 'Uva Ica', 'Agro');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Frutas Lima', 'Retail');
    const r = expectOk(await demand.c.post('/businessConference/meetings', requestBody(round._id, offer.participantId)), 'request');
    await settled(app, r.position);
    const id = r.data._id as string;
    // Enqueued (delayed until the deadline) by the projection after commit.
    const queue = (app.ctx.jobs as unknown as { queue(name: string): import('bullmq').Queue }).queue('expiries');
    let job = await queue.getJob(`${expireMeetingJob.name}_${id}`);
    for (let i = 0; !job && i < 100; i++) {
      await new Promise((res) => setTimeout(res, 50));
      job = await queue.getJob(`${expireMeetingJob.name}_${id}`);
    }
    expect(job?.name).toBe(jobName(expireMeetingJob));
    expect(await job!.getState()).toBe('delayed');
    expect(job!.timestamp + (job!.opts.delay ?? 0)).toBeGreaterThanOrEqual(Date.parse(round.requestDeadline!) - 1000);

    // The quota (1) is used: a second request is refused until the first closes.
    const full = await demand.c.post('/businessConference/meetings', requestBody(round._id, offerB.participantId));
    expect(full.status).toBe(409);
    expect(full.body.messagePublic).toBe('Alcanzaste el máximo de 1 solicitudes de reunión en esta rueda de negocios.');

    // Run early, the job refuses (and BullMQ retries it); at the deadline it expires the request.
    await expect(expireMeeting(app.ctx, id)).rejects.toMatchObject({ code: 'MEETING_NOT_YET_EXPIRED' });
    const at = new Date(Date.parse(round.requestDeadline!) + 1000);
    expect(await expireMeeting({ ...app.ctx, clock: () => at }, id)).toEqual({ expired: true });
    // A retried job answers the same outcome and records nothing new.
    const before = (await app.ctx.store.readStream(`businessConference-meeting-${id}`)).length;
    await expireMeeting({ ...app.ctx, clock: () => at }, id);
    expect(await app.ctx.store.readStream(`businessConference-meeting-${id}`)).toHaveLength(before);
    const late = await offer.c.post(`/businessConference/meetings/${id}/accept`, {});
    expect(late.status).toBe(409);
    const again = await demand.c.post('/businessConference/meetings', requestBody(round._id, offerB.participantId));
    expect(again.status).toBe(201);
  });
});
