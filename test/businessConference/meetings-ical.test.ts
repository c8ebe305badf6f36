import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { meetingsCalendar, meetingUid } from '../../src/domain/businessConference/meeting-ical.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { meetingsProjection } from '../../src/projections/businessConference/meetings-requests.js';
import { useTestApp } from '../support/app.js';
import { expectOk, meetingsRound, newParticipant, requestBody, settled } from './meetings-support.js';

const app = useTestApp();

/** The VEVENTs of an .ics as UID -> { SEQUENCE, STATUS, DTSTART, LOCATION }. */
function vevents(ics: string) {
  const out = new Map<string, Record<string, string>>();
  for (const block of ics.split('BEGIN:VEVENT').slice(1)) {
    const body = block.split('END:VEVENT')[0].replace(/\r\n[ \t]/g, '');
    const field = (name: string) => body.match(new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, 'm'))?.[1]?.trim() ?? '';
    out.set(field('UID'), { SEQUENCE: field('SEQUENCE'), STATUS: field('STATUS'), DTSTART: field('DTSTART'), LOCATION: field('LOCATION'), SUMMARY: field('SUMMARY') });
  }
  return out;
}

describe('the iCal builder', () => {
  it('one VEVENT per entry, stable UID, the SEQUENCE given, cancelled entries marked', () => {
    const ics = meetingsCalendar({
      name: 'Mis reuniones',
      stamp: new Date('2030-04-01T00:00:00Z'),
      entries: [
        { meetingId: 'm1', status: 'accepted', sequence: 3, start: '2030-05-01T14:00:00.000Z', end: '2030-05-01T14:30:00.000Z', summary: 'Reunión con A', location: 'Mesa 2', description: null, url: null },
        { meetingId: 'm2', status: 'cancelled', sequence: 4, start: '2030-05-01T15:00:00.000Z', end: '2030-05-01T15:30:00.000Z', summary: 'Reunión con B', location: null, description: 'Hola', url: null },
      ],
    });
    const ev = vevents(ics);
    expect(ev.get(meetingUid('m1'))).toMatchObject({ SEQUENCE: '3', STATUS: 'CONFIRMED', DTSTART: '20300501T140000Z', LOCATION: 'Mesa 2' });
    expect(ev.get(meetingUid('m2'))).toMatchObject({ SEQUENCE: '4', STATUS: 'CANCELLED' });
  });
});

describe('the participant feed over HTTP', () => {
  it('an accepted, placed meeting appears; a move raises SEQUENCE in place; a cancel keeps the UID with STATUS:CANCELLED and a higher SEQUENCE', async () => {
    const { org, ev, round } = await meetingsRound(app);
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Café del Valle', 'Agro');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Compras Andinas', 'Retail');
    const r = expectOk(await demand.c.post('/businessConference/meetings', requestBody(round._id, offer.participantId)), 'request');
    const id = r.data._id as string;
    const a = expectOk(await offer.c.post(`/businessConference/meetings/${id}/accept`, {}), 'accept');
    await settled(app, a.position);

    // The feed link: issued once, the same on asking again; others of the round cannot issue it for this participant.
    const feed = expectOk(await demand.c.post('/businessConference/meetings/feed', { roundId: round._id }), 'feed');
    const again = expectOk(await demand.c.post('/businessConference/meetings/feed', { roundId: round._id }), 'feed again');
    expect(again.data.url).toBe(feed.data.url);
    await settled(app, feed.position);
    const path = new URL(feed.data.url).pathname;
    const fetchIcs = async () => {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
      return vevents(await res.text());
    };
    // Accepted but not placed: nothing to put in a calendar yet.
    expect((await fetchIcs()).size).toBe(0);
    const mine = expectOk(await demand.c.get(`/businessConference/meetings/mine?roundId=${round._id}`), 'mine');
    expect(mine.data.feeds).toEqual([{ roundId: round._id, participantId: demand.participantId, url: feed.data.url }]);

    const move = async (slot: number, table: number) => {
      const m = expectOk(await org.post(`/businessConference/round/${round._id}/agenda/meeting/${id}/move`, { slotId: round.slots[slot].slotId, table, clientId: randomUUID() }), 'move');
      await settled(app, m.position);
    };
    await move(0, 1);
    const first = (await fetchIcs()).get(meetingUid(id))!;
    expect(first).toMatchObject({ STATUS: 'CONFIRMED', DTSTART: round.slots[0].start.replace(/[-:]/g, '').replace(/\.\d{3}/, ''), LOCATION: 'Mesa 1', SUMMARY: 'Reunión con Café del Valle' });

    await move(2, 3);
    const moved = (await fetchIcs()).get(meetingUid(id))!;
    expect(moved.DTSTART).toBe(round.slots[2].start.replace(/[-:]/g, '').replace(/\.\d{3}/, ''));
    expect(moved.LOCATION).toBe('Mesa 3');
    expect(Number(moved.SEQUENCE)).toBeGreaterThan(Number(first.SEQUENCE));

    const c = expectOk(await offer.c.post(`/businessConference/meetings/${id}/cancel`, {}), 'cancel');
    await settled(app, c.position);
    // The agenda frees the cancelled meeting's place after the cancel: wait for the feed to show it.
    let cancelled = (await fetchIcs()).get(meetingUid(id))!;
    for (let i = 0; i < 100 && cancelled.STATUS !== 'CANCELLED'; i++) {
      await new Promise((res) => setTimeout(res, 50));
      cancelled = (await fetchIcs()).get(meetingUid(id))!;
    }
    expect(cancelled).toMatchObject({ STATUS: 'CANCELLED', DTSTART: moved.DTSTART });
    expect(Number(cancelled.SEQUENCE)).toBeGreaterThan(Number(moved.SEQUENCE));

    // The counterpart's own feed carries the same UID.
    const theirs = expectOk(await offer.c.post('/businessConference/meetings/feed', { roundId: round._id }), 'their feed');
    await settled(app, theirs.position);
    const res = await fetch(`${app.url}${new URL(theirs.data.url).pathname}`);
    expect(vevents(await res.text()).get(meetingUid(id))).toMatchObject({ STATUS: 'CANCELLED' });

    // A rebuild of the read model from the log gives the same rows (last places and feed tokens included) and feed.
    const rows = () => app.ctx.db.selectFrom('bc_meetings').selectAll().where('round_id', '=', round._id).orderBy('id').execute();
    const feeds = () => app.ctx.db.selectFrom('bc_meeting_feeds').selectAll().where('round_id', '=', round._id).orderBy('participant_id').execute();
    const [beforeRows, beforeFeeds, beforeIcs] = [await rows(), await feeds(), await fetchIcs()];
    await rebuildProjection(app.ctx, meetingsProjection);
    expect(await rows()).toEqual(beforeRows);
    expect(await feeds()).toEqual(beforeFeeds);
    expect(await fetchIcs()).toEqual(beforeIcs);

    // An unknown token is a Spanish 404.
    const unknown = await fetch(`${app.url}/api/v2/businessConference/ical/${'x'.repeat(32)}.ics`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).messagePublic).toBe('El calendario solicitado no existe.');
  });
});
