import { randomUUID } from 'node:crypto';
import { isValidRuc } from '../../src/contracts/ruc.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { client, createEvent, signUpVerified, type Client } from '../events/helpers.js';
import type { TestApp } from '../support/app.js';

/**
 * The desk's world, built through the other areas' HTTP endpoints (rounds, participants, meetings, agenda): an
 * organizer's event with a round of two days, yesterday and today (UTC), so a meeting placed in the first slot has
 * started; two support agents of the event; an organizer of another event (outsider); an offerer and demanders.
 */
export async function settled(t: TestApp, position: string | null | undefined) {
  if (position && !(await waitForPosition(t.ctx.db, t.ctx.store, position, { timeoutMs: 20_000 }))) throw new Error('projections too slow');
}

export function ok(r: { status: number; body: any }, what: string) {
  if (r.status !== 200 && r.status !== 201) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

let rucSeq = 0;
function newRuc(): string {
  const base = `20${String(100000000 + ((Date.now() % 1000) * 1000 + ++rucSeq) * 7).slice(-8)}`;
  for (let d = 0; d <= 9; d++) if (isValidRuc(`${base}${d}`)) return `${base}${d}`;
  return newRuc();
}

export type Participant = { c: Client; participantId: string; userId: string };

export async function newParticipant(t: TestApp, org: Client, ev: { eventCode: string }, round: { code: string }, type: 'offer' | 'demand', company: string): Promise<Participant> {
  const u = await signUpVerified(t, { displayName: `Contacto ${company}` });
  const c = client(t.url, u);
  const reg = ok(
    await c.post('/businessConference/register', {
      clientId: randomUUID(),
      eventCode: ev.eventCode,
      code: round.code,
      type,
      company: { name: company, ruc: newRuc(), sector: 'Agro', logoUrl: null, description: company },
      contactName: `Contacto ${company}`,
      phone: null,
      fields: {},
      products: type === 'offer' ? [{ name: `Producto de ${company}`, description: 'Muestra', sector: 'Agro', imageUrl: null }] : [],
    }),
    'register',
  );
  const participantId = reg.data.participant._id as string;
  const d = ok(await org.post(`/businessConference/participant/${participantId}/decision`, { clientId: randomUUID(), decision: 'approve' }), 'approve');
  await settled(t, d.position);
  return { c, participantId, userId: u.user._id };
}

/** A demander asks an offerer for a meeting; `accept` has the offerer accept it. */
export async function newMeeting(t: TestApp, roundId: string, demand: Participant, offer: Participant, accept: boolean) {
  const r = ok(await demand.c.post('/businessConference/meetings', { roundId, counterpartId: offer.participantId, preferredSlotId: null, message: null, clientId: randomUUID() }), 'request');
  await settled(t, r.position);
  const meetingId = r.data._id as string;
  if (accept) await settled(t, ok(await offer.c.post(`/businessConference/meetings/${meetingId}/accept`, { reason: null }), 'accept').position);
  return meetingId;
}

/** Places a meeting in one of the round's first slots (yesterday's: started) at a table. */
export async function placeInFirstSlot(t: TestApp, org: Client, round: { _id: string; slots: { slotId: string }[] }, meetingId: string, table: number, slot = 0) {
  await settled(t, ok(await org.post(`/businessConference/round/${round._id}/agenda/meeting/${meetingId}/move`, { slotId: round.slots[slot]!.slotId, table, clientId: randomUUID() }), 'move').position);
}

export async function seedDesk(t: TestApp) {
  const org = client(t.url, await signUpVerified(t, { displayName: 'Organizadora Rueda' }));
  const created = await createEvent(org);
  await settled(t, created.position);
  const ev = created.data as { _id: string; eventCode: string };
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const r = ok(
    await org.post(`/event/${ev._id}/businessConferences`, {
      clientId: randomUUID(),
      name: 'Rueda Agroexporta',
      startDate: yesterday,
      endDate: today,
      timeZone: 'UTC',
      meetingMinutes: 20,
      days: [yesterday, today].map((date) => ({ date, start: '00:00', end: '23:40', breaks: [] })),
      venue: 'tables',
      tables: 10,
      requestDeadline: `${today}T23:39`,
      requestMode: 'accept',
      schedulingMode: 'organizer',
      maxRequestsPerParticipant: null,
      productDeadline: null,
    }),
    'round',
  );
  await settled(t, r.position);
  const round = r.data as { _id: string; code: string; name: string; slots: { slotId: string; start: string }[]; days: { date: string }[] };
  const agents: Client[] = [];
  for (const name of ['Sara Soporte', 'Beto Soporte']) {
    const u = await signUpVerified(t, { displayName: name });
    const g = await org.post(`/event/${ev._id}/collaborator`, { email: u.email, module: 'businessConference', role: 'support' });
    if (g.body?.data?.status !== 'granted') throw new Error(`grant: ${JSON.stringify(g.body)}`);
    agents.push(client(t.url, u));
  }
  const outsider = client(t.url, await signUpVerified(t, { displayName: 'Otra Organizadora' }));
  await createEvent(outsider);
  const offer = await newParticipant(t, org, ev, round, 'offer', 'Café del Valle');
  const demand = await newParticipant(t, org, ev, round, 'demand', 'Compras Andinas');
  const meetingId = await newMeeting(t, round._id, demand, offer, true);
  await placeInFirstSlot(t, org, round, meetingId, 1);
  return { org, ev, round, agents, outsider, offer, demand, meetingId, days: [yesterday, today] };
}

/** Polls a GET until `check` holds on its answer (the projections run after the write). */
export async function until<T>(read: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (check(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not reached: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
