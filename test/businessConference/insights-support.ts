import { randomUUID } from 'node:crypto';
import { isValidRuc } from '../../src/contracts/ruc.js';
import { client, createEvent, signUpVerified, type Client } from '../events/helpers.js';
import type { TestApp } from '../support/app.js';
import { waitForPosition } from '../../src/projections/wait.js';

/**
 * A seeded round for the insights tests, built through the other areas' HTTP endpoints (rounds, participants,
 * meetings, agenda, desk): an organizer's event with a round of YESTERDAY and TODAY (UTC, slots all day, so that a meeting placed
 * in the first slot has ended, its outcome may be answered and its poll link is due, while polls are still open), approved offerers and
 * demanders, and meetings in each status.
 */
export async function settled(t: TestApp, position: string | null | undefined) {
  if (position && !(await waitForPosition(t.ctx.db, t.ctx.store, position, { timeoutMs: 20_000 }))) throw new Error('projections too slow');
}

function expectOk(r: { status: number; body: any }, what: string, status = [200, 201]) {
  if (!status.includes(r.status)) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

let rucSeq = 0;
/** A RUC that passes the check digit, different on every call. */
export function newRuc(): string {
  const base = `20${String(100000000 + ((Date.now() % 1000) * 1000 + ++rucSeq) * 7).slice(-8)}`;
  for (let d = 0; d <= 9; d++) if (isValidRuc(`${base}${d}`)) return `${base}${d}`;
  return newRuc();
}

export const today = () => new Date().toISOString().slice(0, 10);

export type Seeded = Awaited<ReturnType<typeof seedRound>>;

/** A new verified account (or `who`, already registered elsewhere) registers in the round; the organizer approves. */
export async function newParticipant(
  t: TestApp,
  org: Client,
  ev: { eventCode: string },
  round: { _id: string; code: string },
  type: 'offer' | 'demand' | 'offer_demand',
  company: string,
  sector: string,
  who?: Client,
) {
  // Verified accounts: the shell's "verify your e-mail" banner is not part of these pages.
  const c = who ?? client(t.url, await signUpVerified(t, { displayName: `Contacto ${company}` }));
  const reg = expectOk(
    await c.post('/businessConference/register', {
      clientId: randomUUID(),
      eventCode: ev.eventCode,
      code: round.code,
      type,
      company: { name: company, ruc: newRuc(), sector, logoUrl: null, description: `${company} (${sector})` },
      contactName: `Contacto ${company}`,
      phone: null,
      fields: {},
      products: type !== 'demand' ? [{ name: `Producto de ${company}`, description: 'Muestra', sector, imageUrl: null }] : [],
    }),
    'register',
  );
  const participantId = reg.data.participant._id as string;
  const d = expectOk(await org.post(`/businessConference/participant/${participantId}/decision`, { clientId: randomUUID(), decision: 'approve' }), 'approve');
  await settled(t, d.position);
  return { c, participantId };
}

/** A demander asks an offerer for a meeting; `answer` accepts or declines it (or leaves it requested). */
export async function newMeeting(t: TestApp, roundId: string, demand: { c: Client }, offer: { c: Client; participantId: string }, answer: 'accept' | 'decline' | null) {
  const r = expectOk(await demand.c.post('/businessConference/meetings', { roundId, counterpartId: offer.participantId, preferredSlotId: null, message: null, clientId: randomUUID() }), 'request');
  await settled(t, r.position);
  const meetingId = r.data._id as string;
  if (answer) {
    const a = expectOk(await offer.c.post(`/businessConference/meetings/${meetingId}/${answer}`, { reason: null }), answer);
    await settled(t, a.position);
  }
  return meetingId;
}

export async function seedRound(t: TestApp, opts: { name?: string; org?: Client; ev?: { _id: string; eventCode: string } } = {}) {
  const org = opts.org ?? client(t.url, await signUpVerified(t, { displayName: 'Organizadora Rueda' }));
  let ev = opts.ev;
  if (!ev) {
    const created = await createEvent(org);
    await settled(t, created.position);
    ev = created.data as { _id: string; eventCode: string };
  }
  const day = today();
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const r = expectOk(
    await org.post(`/event/${ev._id}/businessConferences`, {
      clientId: randomUUID(),
      name: opts.name ?? 'Rueda Agroexporta',
      startDate: yesterday,
      endDate: day,
      timeZone: 'UTC',
      meetingMinutes: 20,
      days: [
        { date: yesterday, start: '00:00', end: '23:40', breaks: [] },
        { date: day, start: '00:00', end: '23:40', breaks: [] },
      ],
      venue: 'tables',
      tables: 10,
      // Requests expire at the deadline (else at the first slot, already past today).
      requestDeadline: `${day}T23:39`,
      requestMode: 'accept',
      schedulingMode: 'organizer',
      maxRequestsPerParticipant: null,
      productDeadline: null,
    }),
    'round',
  );
  await settled(t, r.position);
  const round = r.data as { _id: string; code: string; name: string; slots: { slotId: string; start: string }[] };
  return { org, ev, round };
}

/** Places a meeting in the round's first slot (yesterday's, over) at a table, so outcomes may be answered. */
export async function placeInFirstSlot(t: TestApp, org: Client, round: { _id: string; slots: { slotId: string }[] }, meetingId: string, table: number) {
  const r = expectOk(await org.post(`/businessConference/round/${round._id}/agenda/meeting/${meetingId}/move`, { slotId: round.slots[0]!.slotId, table, clientId: randomUUID() }), 'move');
  await settled(t, r.position);
}

export async function outcome(t: TestApp, who: Client, meetingId: string, side: 'offer' | 'demand', happened: boolean) {
  const r = expectOk(await who.put(`/businessConference/meetings/${meetingId}/outcome`, { side, happened, clientId: randomUUID() }), 'outcome');
  await settled(t, r.position);
}

export function pollBody(over: Record<string, unknown> = {}) {
  return { clientId: randomUUID(), interest: 'high', expectedAmount: 1_500_000, satisfaction: 5, comment: 'Muy buena reunión', ...over };
}
