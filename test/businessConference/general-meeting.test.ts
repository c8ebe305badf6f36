import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { roundSlots } from '../../src/domain/businessConference/round.js';
import { generalRoomSchedule } from '../../src/http/businessConference/home-routes.js';
import { client, organizer, signUpVerified } from '../events/helpers.js';
import { useTestApp } from '../support/app.js';
import { expectOk, meetingsRound, newParticipant, settled } from './meetings-support.js';

/**
 * The round's general room (/generalmeeting/{round}) over HTTP: GET businessConference/generalMeeting/:round for
 * the round's approved participants and the event's team, refused to everyone else; and when the room is in use.
 */
const app = useTestApp();

const FORBIDDEN = 'Solo los participantes aprobados de esta rueda de negocios y el equipo del evento pueden entrar a su sala general.';

/** An IANA zone where it is about noon now (Etc/GMT±N: the sign is POSIX's, inverted), and its date today. */
function noonZone(now = new Date()) {
  const ahead = Math.max(-12, Math.min(14, 12 - now.getUTCHours()));
  const zone = ahead === 0 ? 'UTC' : ahead > 0 ? `Etc/GMT-${ahead}` : `Etc/GMT+${-ahead}`;
  const today = new Date(now.getTime() + ahead * 3_600_000).toISOString().slice(0, 10);
  return { zone, today };
}

describe('the general room over HTTP', () => {
  it('an approved participant and the team read the room of a round in 2030; others are refused in Spanish', async () => {
    const { org, ev, round } = await meetingsRound(app, { name: 'Rueda Agroexporta', days: [{ date: '2030-05-01', start: '09:00', end: '12:00', breaks: [{ start: '10:30', end: '11:00' }] }] });
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Café del Valle', 'Agro');

    const mine = expectOk(await offer.c.get(`/businessConference/generalMeeting/${round._id}`), 'participant').data;
    expect(mine).toMatchObject({
      round: { _id: round._id, code: round.code, name: 'Rueda Agroexporta', startDate: '2030-05-01', endDate: '2030-05-01', timeZone: 'America/Lima', venue: 'tables' },
      event: { _id: ev._id, eventCode: ev.eventCode },
      videoUrl: `https://meet.jit.si/aforo-rueda-general-${round._id}`,
      participant: { _id: offer.participantId, company: 'Café del Valle', type: 'offer' },
      // Lima is UTC-5: the day runs 14:00 to 17:00 UTC, its break 15:30 to 16:00.
      state: 'upcoming',
      nextStart: '2030-05-01T14:00:00.000Z',
      days: [{ date: '2030-05-01', start: '2030-05-01T14:00:00.000Z', end: '2030-05-01T17:00:00.000Z', breaks: [{ start: '2030-05-01T15:30:00.000Z', end: '2030-05-01T16:00:00.000Z' }] }],
      todaySlots: [],
    });
    expect(mine.event.eventName).toEqual(expect.any(String));

    // The event's team: the owner and a support agent it granted; the same room, nobody's registration.
    const team = expectOk(await org.get(`/businessConference/generalMeeting/${round._id}`), 'owner').data;
    expect(team).toMatchObject({ videoUrl: mine.videoUrl, participant: null, state: 'upcoming' });
    const agentUser = await signUpVerified(app, { displayName: 'Sara Soporte' });
    const g = await org.post(`/event/${ev._id}/collaborator`, { email: agentUser.email, module: 'businessConference', role: 'support' });
    expect(g.body?.data?.status).toBe('granted');
    const agent = expectOk(await client(app.url, agentUser).get(`/businessConference/generalMeeting/${round._id}`), 'support').data;
    expect(agent).toMatchObject({ videoUrl: mine.videoUrl, participant: null });

    // A participant of another round of the same event, another organizer, a rejected participant: 403.
    const other = await meetingsRound(app, { name: 'Rueda Textil' }, org, ev);
    const elsewhere = await newParticipant(app, org, ev, other.round, 'demand', 'Moda Lima', 'Retail');
    expectOk(await elsewhere.c.get(`/businessConference/generalMeeting/${other.round._id}`), 'own round');
    const theirs = await elsewhere.c.get(`/businessConference/generalMeeting/${round._id}`);
    expect(theirs.status).toBe(403);
    expect(theirs.body.messagePublic).toBe(FORBIDDEN);
    // Each round has its own room.
    expect((await elsewhere.c.get(`/businessConference/generalMeeting/${other.round._id}`)).body.data.videoUrl).toBe(`https://meet.jit.si/aforo-rueda-general-${other.round._id}`);

    const stranger = await (await organizer(app.url, 'Ajena')).get(`/businessConference/generalMeeting/${round._id}`);
    expect(stranger.status).toBe(403);
    expect(stranger.body.messagePublic).toBe(FORBIDDEN);

    const rejected = await newParticipant(app, org, ev, round, 'demand', 'Rechazada SAC', 'Retail');
    const d = expectOk(await org.post(`/businessConference/participant/${rejected.participantId}/decision`, { clientId: randomUUID(), decision: 'reject' }), 'reject');
    await settled(app, d.position);
    const refused = await rejected.c.get(`/businessConference/generalMeeting/${round._id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.messagePublic).toBe(FORBIDDEN);

    // Anonymous: 401; an unknown (or deleted) round: the rounds' 404.
    expect((await client(app.url).get(`/businessConference/generalMeeting/${round._id}`)).status).toBe(401);
    const unknown = await offer.c.get(`/businessConference/generalMeeting/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.messagePublic).toBe('La rueda de negocios no existe o fue eliminada.');
  });

  it("a round meeting today: the room is live and lists today's slots", async () => {
    const { zone, today } = noonZone();
    const { org, ev, round } = await meetingsRound(app, {
      startDate: today,
      endDate: today,
      timeZone: zone,
      meetingMinutes: 60,
      days: [{ date: today, start: '06:00', end: '18:00', breaks: [] }],
      requestDeadline: null,
    });
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Compras Andinas', 'Retail');
    const room = expectOk(await demand.c.get(`/businessConference/generalMeeting/${round._id}`), 'room').data;
    expect(room).toMatchObject({ state: 'live', nextStart: null, today });
    expect(room.todaySlots).toHaveLength(12);
    expect(room.todaySlots[0]).toMatchObject({ day: today, start: round.slots[0].start, end: round.slots[0].end });
  });
});

describe('generalRoomSchedule', () => {
  const days = [
    { date: '2030-05-01', start: '09:00', end: '12:00', breaks: [{ start: '10:30', end: '11:00' }] },
    { date: '2030-05-02', start: '09:00', end: '11:00', breaks: [] },
  ];
  const round = { days, timeZone: 'America/Lima', meetingMinutes: 30 };
  const at = (iso: string) => generalRoomSchedule({ ...round, slots: roundSlots(round) }, new Date(iso));

  it('before the first day: upcoming, from its start', () => {
    expect(at('2030-04-30T20:00:00Z')).toMatchObject({ state: 'upcoming', nextStart: '2030-05-01T14:00:00.000Z', today: '2030-04-30', todaySlots: [] });
  });

  it("during a day (a break too): live, with the day's slots in the round's time zone", () => {
    const during = at('2030-05-01T15:45:00Z');
    expect(during).toMatchObject({ state: 'live', nextStart: null, today: '2030-05-01' });
    expect(during.todaySlots.map((s) => s.slotId)).toEqual(['2030-05-01_09:00', '2030-05-01_09:30', '2030-05-01_10:00', '2030-05-01_11:00', '2030-05-01_11:30']);
  });

  it('between two days: the next one; after the last: ended', () => {
    // 20:00 in Lima on May 1st is already May 2nd in UTC: "today" is the round's.
    expect(at('2030-05-02T01:00:00Z')).toMatchObject({ state: 'upcoming', nextStart: '2030-05-02T14:00:00.000Z', today: '2030-05-01' });
    expect(at('2030-05-02T16:00:00Z')).toMatchObject({ state: 'ended', nextStart: null, today: '2030-05-02' });
  });
});
