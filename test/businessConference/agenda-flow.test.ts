import { randomUUID } from 'node:crypto';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { AGENDA_CHANGED, type AgendaChangedPayload } from '../../src/contracts/businessConference-agenda.js';
import { agendaStreamId } from '../../src/domain/businessConference/agenda.js';
import { organizer } from '../events/helpers.js';
import { useFixture, useTestApp } from '../support/app.js';
import { newMeeting } from './insights-support.js';
import { expectOk, meetingsRound, newParticipant, settled } from './meetings-support.js';

const app = useTestApp();
const w = useFixture(
  async () => {
    // One morning of 30-minute meetings (6 slots), 2 tables.
    const { org, ev, round } = await meetingsRound(app, { tables: 2 });
    const o1 = await newParticipant(app, org, ev, round, 'offer', 'Café del Valle', 'Agro');
    const o2 = await newParticipant(app, org, ev, round, 'offer', 'Cacao Puro', 'Agro');
    const d1 = await newParticipant(app, org, ev, round, 'demand', 'Compras Andinas', 'Retail');
    const d2 = await newParticipant(app, org, ev, round, 'demand', 'Distribuidora Lima', 'Retail');
    const m11 = await newMeeting(app, round._id, d1, o1, 'accept');
    const m12 = await newMeeting(app, round._id, d2, o1, 'accept');
    const m21 = await newMeeting(app, round._id, d1, o2, 'accept');
    return { org, ev, round, o1, o2, d1, d2, m11, m12, m21 };
  },
  async () => {},
);

const base = () => `/businessConference/round/${w.round._id}`;
const agenda = async (after?: string | null) => expectOk(await w.org.get(`${base()}/agenda${after ? `?after=${after}` : ''}`), 'agenda');
const slot = (i: number) => w.round.slots[i].slotId;

describe('agenda over HTTP', () => {
  it('a participant sets their own unavailable slots, the team may too, nobody else', async () => {
    const mine = `${base()}/participant/${w.d1.participantId}/unavailable`;
    const set = expectOk(await w.d1.c.put(mine, { clientId: randomUUID(), slotIds: [slot(0)] }), 'set own');
    expect(set.unavailable).toEqual([slot(0)]);
    const got = expectOk(await w.d1.c.get(mine), 'get own');
    expect(got).toMatchObject({ participantId: w.d1.participantId, unavailable: [slot(0)] });
    expect(got.slots).toHaveLength(6);

    const other = await w.d2.c.put(mine, { clientId: randomUUID(), slotIds: [] });
    expect(other.status).toBe(403);
    expect(other.body.messagePublic).toBe('Solo puedes marcar tus propios horarios no disponibles.');
    expect((await w.d2.c.get(mine)).status).toBe(403);

    expectOk(await w.org.put(`${base()}/participant/${w.d2.participantId}/unavailable`, { clientId: randomUUID(), slotIds: [slot(1)] }), 'team sets');
    const unknown = await w.d1.c.put(mine, { clientId: randomUUID(), slotIds: ['1999-01-01_09:00'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.messagePublic).toBe('Ese horario no pertenece a la rueda.');

    const outsider = await organizer(app.url, 'Otra Organizadora');
    expect((await outsider.put(mine, { clientId: randomUUID(), slotIds: [] })).status).toBe(403);
  });

  it('schedules all, refuses bad moves in Spanish, moves, unschedules, publishes; other organizers and participants are refused', async () => {
    const clientId = randomUUID();
    const r = expectOk(await w.org.post(`${base()}/agenda/schedule`, { clientId, reschedule: false }), 'schedule');
    expect(r.summary).toMatchObject({ placed: 3, kept: 0, unplaced: [] });
    // A retry with the same client id is the same run.
    const again = expectOk(await w.org.post(`${base()}/agenda/schedule`, { clientId, reschedule: false }), 'schedule again');
    expect(again.summary.runId).toBe(r.summary.runId);

    let a = await agenda();
    expect(a.phase).toBe('preliminary');
    expect(a.placements).toHaveLength(3);
    const at = new Map<string, { slotId: string; table: number }>(a.placements.map((p: { meetingId: string; slotId: string; table: number }) => [p.meetingId, p]));
    // Nobody twice at once, no unavailable slot, tables within the venue.
    expect(at.get(w.m11)!.slotId).not.toBe(at.get(w.m12)!.slotId);
    expect(at.get(w.m11)!.slotId).not.toBe(at.get(w.m21)!.slotId);
    expect([at.get(w.m11)!.slotId, at.get(w.m21)!.slotId]).not.toContain(slot(0));
    expect(at.get(w.m12)!.slotId).not.toBe(slot(1));
    for (const p of at.values()) expect([1, 2]).toContain(p.table);

    const move = (meetingId: string, slotId: string, table: number | null) => w.org.post(`${base()}/agenda/meeting/${meetingId}/move`, { clientId: randomUUID(), slotId, table });
    // d1 already meets o1 there.
    const busy = await move(w.m21, at.get(w.m11)!.slotId, 2);
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ code: 'PERSON_BUSY', messagePublic: 'Uno de los participantes ya tiene otra reunión en ese horario.' });
    // d2 marked slot 1 unavailable.
    const off = await move(w.m12, slot(1), 1);
    expect(off.status).toBe(409);
    expect(off.body.messagePublic).toBe('Uno de los participantes marcó ese horario como no disponible.');
    const badTable = await move(w.m12, slot(5), 3);
    expect(badTable.status).toBe(400);
    expect(badTable.body.messagePublic).toBe('Elige una mesa entre 1 y el número de mesas de la rueda.');
    const target = [2, 3, 4, 5].map(slot).find((s) => ![...at.values()].some((p) => p.slotId === s))!;
    const moved = expectOk(await move(w.m12, target, 1), 'move');
    // m21 (o2-d1) to the same slot and table: nobody double-booked, but the table is taken.
    const taken = await move(w.m21, target, 1);
    expect(taken.status).toBe(409);
    expect(taken.body.messagePublic).toBe('Esa mesa ya está ocupada en ese horario.');
    a = await agenda(moved.position);
    expect(a.placements.find((p: { meetingId: string }) => p.meetingId === w.m12)).toMatchObject({ slotId: target, table: 1, pinned: true, sequence: 1 });

    const un = expectOk(await w.org.post(`${base()}/agenda/meeting/${w.m21}/unschedule`, { clientId: randomUUID() }), 'unschedule');
    a = await agenda(un.position);
    expect(a.placements).toHaveLength(2);
    // "Programar todo" again places only the freed meeting and never moves the pinned one.
    const second = expectOk(await w.org.post(`${base()}/agenda/schedule`, { clientId: randomUUID(), reschedule: true }), 'schedule again');
    expect(second.summary.placed).toBeGreaterThanOrEqual(1);
    a = await agenda();
    expect(a.placements.find((p: { meetingId: string }) => p.meetingId === w.m12)).toMatchObject({ slotId: target, table: 1 });

    // Participants and other organizers never see nor change the organizer's agenda.
    const outsider = await organizer(app.url, 'Otra Organizadora');
    expect((await outsider.get(`${base()}/agenda`)).status).toBe(403);
    expect((await outsider.post(`${base()}/agenda/schedule`, { clientId: randomUUID(), reschedule: false })).status).toBe(403);
    expect((await outsider.post(`${base()}/agenda/publish`, { clientId: randomUUID() })).status).toBe(403);
    const participantTry = await w.d1.c.get(`${base()}/agenda`);
    expect(participantTry.status).toBe(403);
    expect((await w.d1.c.post(`${base()}/agenda/schedule`, { clientId: randomUUID(), reschedule: false })).status).toBe(403);

    // Before publication a participant sees no slot of theirs; after it, their final agenda.
    const mineBefore = expectOk(await w.d1.c.get(`${base()}/participant/${w.d1.participantId}/agenda`), 'participant agenda');
    expect(mineBefore.items).toEqual([]);
    const pub = expectOk(await w.org.post(`${base()}/agenda/publish`, { clientId: randomUUID() }), 'publish');
    a = await agenda(pub.position);
    expect(a.phase).toBe('final');
    const mine = expectOk(await w.d1.c.get(`${base()}/participant/${w.d1.participantId}/agenda?after=${pub.position}`), 'participant agenda');
    expect(mine.items).toHaveLength(2);
    expect(mine.items.every((i: { phase: string }) => i.phase === 'final')).toBe(true);
    expect((await w.d2.c.get(`${base()}/participant/${w.d1.participantId}/agenda`)).status).toBe(403);

    // Notified through the notifications module.
    let inbox = '';
    for (let i = 0; i < 200 && !inbox.includes('agenda final'); i++) {
      inbox = JSON.stringify((await w.d1.c.get('/notification?update=true')).body);
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(inbox).toContain('La agenda final de \\"Rueda Agroexporta\\" está publicada: tienes 2 reuniones programadas.');

    // The floor answers for the team (no slot is running in 2030).
    const floor = expectOk(await w.org.get(`${base()}/floor`), 'floor');
    expect(floor.current).toBeNull();
    expect(floor.next.slotId).toBe(slot(0));
    const inFirst = a.placements.filter((p: { slotId: string }) => p.slotId === slot(0)).length;
    expect(floor.next.meetings).toHaveLength(inFirst);
    expect((await w.d1.c.get(`${base()}/floor`)).status).toBe(403);
  });

  it('pushes agenda changes to the team subscribed to the event', async () => {
    const token = (w.org.user as { token: string }).token;
    const socket = connect(app.url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
    const got: AgendaChangedPayload[] = [];
    socket.on(AGENDA_CHANGED, (p: AgendaChangedPayload) => got.push(p));
    try {
      await new Promise<void>((r) => socket.on('connect', () => r()));
      const ack = await new Promise<{ ok: boolean }>((r) => socket.emit('event:subscribe', { event: w.ev._id, module: 'businessConference', action: 'meeting.read' }, r));
      expect(ack.ok).toBe(true);
      const a = await agenda();
      const p = a.placements[0];
      const free = [2, 3, 4, 5].map(slot).find((s) => !a.placements.some((x: { slotId: string }) => x.slotId === s))!;
      const moved = expectOk(await w.org.post(`${base()}/agenda/meeting/${p.meetingId}/move`, { clientId: randomUUID(), slotId: free, table: 2 }), 'move');
      const deadline = Date.now() + 10_000;
      while (!got.some((g) => g.version === moved.version) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
      expect(got).toContainEqual({ roundId: w.round._id, version: moved.version });
    } finally {
      socket.disconnect();
    }
  });

  it('a cancelled meeting frees its place', async () => {
    const before = await agenda();
    expect(before.placements.some((p: { meetingId: string }) => p.meetingId === w.m11)).toBe(true);
    const c = expectOk(await w.d1.c.post(`/businessConference/meetings/${w.m11}/cancel`, { reason: null }), 'cancel');
    await settled(app, c.position);
    let a = before;
    for (let i = 0; i < 200 && a.placements.some((p: { meetingId: string }) => p.meetingId === w.m11); i++) {
      await new Promise((res) => setTimeout(res, 50));
      a = await agenda();
    }
    expect(a.placements.some((p: { meetingId: string }) => p.meetingId === w.m11)).toBe(false);
  });
});

describe('two "Programar todo" at once', () => {
  it('produce one agenda: with the version seen, one wins and the other is refused; without it, the second places nothing twice', async () => {
    const { org, ev, round } = await meetingsRound(app, { tables: 3 });
    const o = await newParticipant(app, org, ev, round, 'offer', 'Textiles Cusco', 'Moda');
    const d1 = await newParticipant(app, org, ev, round, 'demand', 'Tiendas Norte', 'Retail');
    const d2 = await newParticipant(app, org, ev, round, 'demand', 'Boutique Sur', 'Retail');
    await newMeeting(app, round._id, d1, o, 'accept');
    await newMeeting(app, round._id, d2, o, 'accept');
    const url = `/businessConference/round/${round._id}`;
    const seen = expectOk(await org.get(`${url}/agenda`), 'agenda').version;
    expect(seen).toBe(-1);
    const [x, y] = await Promise.all([
      org.post(`${url}/agenda/schedule`, { clientId: randomUUID(), reschedule: false, expectedVersion: seen }),
      org.post(`${url}/agenda/schedule`, { clientId: randomUUID(), reschedule: false, expectedVersion: seen }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const loser = x.status === 409 ? x : y;
    expect(loser.body.messagePublic).toBeTruthy();

    // Without a version: both runs succeed; the append of the later one meets the first's version, so it decides
    // again on the first's agenda and places nothing twice.
    const o2 = await newParticipant(app, org, ev, round, 'offer', 'Alpaca Real', 'Moda');
    await newMeeting(app, round._id, d1, o2, 'accept');
    const [p, q] = await Promise.all([
      org.post(`${url}/agenda/schedule`, { clientId: randomUUID(), reschedule: false }),
      org.post(`${url}/agenda/schedule`, { clientId: randomUUID(), reschedule: false }),
    ]);
    expect([p.status, q.status]).toEqual([200, 200]);
    expect(p.body.summary.placed + q.body.summary.placed).toBe(1);

    const events = await app.ctx.store.readStream(agendaStreamId(round._id));
    const placedIds = events.filter((e) => e.type === 'businessConference.MeetingsPlaced').flatMap((e) => (e.data as { placements: { meetingId: string }[] }).placements.map((pl) => pl.meetingId));
    expect(placedIds).toHaveLength(3);
    expect(new Set(placedIds).size).toBe(3);
    const a = expectOk(await org.get(`${url}/agenda`), 'agenda');
    expect(a.placements).toHaveLength(3);
  });
});
