import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createContext, type AppContext } from '../../src/context.js';
import { startNode, type RunningNode } from '../../src/server.js';
import { handleCommand } from '../../src/commands/handle.js';
import { toNewEvents } from '../../src/commands/new-events.js';
import { meetingDecider, meetingStreamId } from '../../src/domain/businessConference/meeting.js';
import { meetingQuotaDecider, meetingQuotaStreamId, type MeetingQuotaEvent } from '../../src/domain/businessConference/meeting-quota.js';
import { WrongExpectedVersionError, type Recorded } from '../../src/eventstore/port.js';
import { openSentCount } from '../../src/projections/businessConference/meetings-queries.js';
import { findParticipant } from '../../src/projections/businessConference/participants-queries.js';
import { side } from '../../src/commands/businessConference/meeting-request.js';
import { client } from '../events/helpers.js';
import { useFixture, useTestApp } from '../support/app.js';
import { expectOk, meetingsRound, newParticipant, requestBody, settled } from './meetings-support.js';

/**
 * The request quota (RoundDto.maxRequestsPerParticipant) and the one-open-meeting-per-pair rule under concurrency.
 * First what goes wrong without a guard (a check on the read model, then the append), then the guard (the
 * requester's quota stream appended at its exact version; the pair's reservation), then the real endpoint
 * raced from two API processes over one database (the second with its own event-store instance, so only
 * PostgreSQL's version check and reservations stand between them).
 */
const app = useTestApp();
const two = useFixture(
  async () => {
    const ctx2 = await createContext(app.ctx.config, { logger: pino({ level: 'silent' }), migrate: false });
    const second = await startNode(ctx2, { port: 0, host: '127.0.0.1', projections: false, workers: false });
    return { ctx2, second };
  },
  async ({ ctx2, second }: { ctx2: AppContext; second: RunningNode }) => {
    await second.close();
    await ctx2.close();
  },
);

async function world(max: number, offers: number) {
  const { org, ev, round } = await meetingsRound(app, { maxRequestsPerParticipant: max });
  const demand = await newParticipant(app, org, ev, round, 'demand', 'Compras Andinas', 'Retail');
  const sellers = [];
  for (let i = 0; i < offers; i++) sellers.push(await newParticipant(app, org, ev, round, 'offer', `Proveedor ${i + 1}`, 'Agro'));
  return { org, ev, round, demand, sellers };
}

describe('the request quota under concurrency', () => {
  it('WITHOUT the guard: two requests checked against the read model at the last place both pass (over-booked)', async () => {
    const { round, demand, sellers } = await world(1, 2);
    const requester = (await findParticipant(app.ctx.db, demand.participantId))!;
    const naive = async (counterpartId: string) => {
      const used = await openSentCount(app.ctx.db, requester._id);
      return { ok: used < 1, counterpartId };
    };
    // Both checks run before either write lands (what two API processes do at once)...
    const checks = await Promise.all(sellers.map((s) => naive(s.participantId)));
    expect(checks.every((c) => c.ok)).toBe(true);
    // ...so both meetings are recorded.
    for (const c of checks) {
      const counterpart = (await findParticipant(app.ctx.db, c.counterpartId))!;
      const meetingId = randomUUID();
      const r = await handleCommand(app.ctx, {
        streamId: meetingStreamId(meetingId),
        decider: meetingDecider,
        command: {
          type: 'businessConference.RequestMeeting',
          data: { meetingId, roundId: round._id, eventId: requester.eventId, requester: side(requester), counterpart: side(counterpart), preferredSlotId: null, message: null, requestMode: 'accept', requestDeadline: null, slotIds: [], expiresAt: null },
        },
      });
      await settled(app, r.position);
    }
    expect(await openSentCount(app.ctx.db, requester._id)).toBe(2); // over the limit of 1
  });

  it('the guard: two places decided on the same quota version cannot both append; decided again, the second is refused', async () => {
    const participantId = randomUUID();
    const roundId = randomUUID();
    const stream = meetingQuotaStreamId(participantId);
    const take = (meetingId: string) => ({ type: 'businessConference.TakeRequestPlace' as const, data: { participantId, roundId, meetingId, max: 1 } });
    const decideCtx = { now: new Date(), newId: randomUUID };
    // Both decided on the empty stream: each sees a free place.
    const a = meetingQuotaDecider.decide(take('a'), meetingQuotaDecider.initialState(), decideCtx);
    const b = meetingQuotaDecider.decide(take('b'), meetingQuotaDecider.initialState(), decideCtx);
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    const results = await Promise.allSettled([
      app.ctx.store.appendToStream(stream, toNewEvents(app.ctx, a, {}), { expectedVersion: 'no_stream' }),
      two.ctx2.store.appendToStream(stream, toNewEvents(two.ctx2, b, {}), { expectedVersion: 'no_stream' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(rejected.reason).toBeInstanceOf(WrongExpectedVersionError);
    // The loser is decided again on the stream as it is now: the limit holds.
    const now = (await app.ctx.store.readStream(stream)) as Recorded<MeetingQuotaEvent>[];
    const state = now.reduce(meetingQuotaDecider.evolve, meetingQuotaDecider.initialState());
    expect(() => meetingQuotaDecider.decide(take('late'), state, decideCtx)).toThrow(expect.objectContaining({ code: 'MEETING_QUOTA_REACHED' }));
  });

  it('over HTTP from two API processes: at the last place exactly one of many concurrent requests wins', async () => {
    const { round, demand, sellers } = await world(2, 7);
    // One place used already.
    const first = expectOk(await demand.c.post('/businessConference/meetings', requestBody(round._id, sellers[0].participantId)), 'first');
    await settled(app, first.position);
    const token = demand.c.user!;
    const nodes = [demand.c, client(two.second.url, token)];
    const results = await Promise.all(sellers.slice(1).map((s, i) => nodes[i % 2].post('/businessConference/meetings', requestBody(round._id, s.participantId))));
    const won = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'MEETING_QUOTA_REACHED', messagePublic: 'Alcanzaste el máximo de 2 solicitudes de reunión en esta rueda de negocios.' });
    // The quota stream holds exactly the two open requests; the read model agrees.
    const quota = (await app.ctx.store.readStream(meetingQuotaStreamId(demand.participantId))) as Recorded<MeetingQuotaEvent>[];
    expect(quota.reduce(meetingQuotaDecider.evolve, meetingQuotaDecider.initialState()).open.sort()).toEqual([first.data._id, won[0].body.data._id].sort());
    await settled(app, won[0].body.position);
    expect(await openSentCount(app.ctx.db, demand.participantId)).toBe(2);
  });

  it('over HTTP from two API processes: the same pair asked twice at once (either side) records one meeting, and gives the loser its place back', async () => {
    const { round, demand, sellers } = await world(3, 1);
    const seller = sellers[0];
    const results = await Promise.all([
      demand.c.post('/businessConference/meetings', requestBody(round._id, seller.participantId)),
      client(two.second.url, demand.c.user!).post('/businessConference/meetings', requestBody(round._id, seller.participantId)),
      client(two.second.url, seller.c.user!).post('/businessConference/meetings', requestBody(round._id, demand.participantId)),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.body).toMatchObject({ status: 409, code: 'MEETING_PAIR_EXISTS' });
    const places = async (pid: string) =>
      ((await app.ctx.store.readStream(meetingQuotaStreamId(pid))) as Recorded<MeetingQuotaEvent>[]).reduce(meetingQuotaDecider.evolve, meetingQuotaDecider.initialState()).open;
    expect([...(await places(demand.participantId)), ...(await places(seller.participantId))]).toEqual([results.find((r) => r.status === 201)!.body.data._id]);
  });
});
