import { randomUUID } from 'node:crypto';
import { createEvent, organizer, type Client } from '../events/helpers.js';
import type { TestApp } from '../support/app.js';
import { newParticipant, settled } from './insights-support.js';

export { newParticipant, settled };

export function expectOk(r: { status: number; body: any }, what: string, status = [200, 201]) {
  if (!status.includes(r.status)) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A round in 2030 (requests open until its deadline the day before), of the given organizer's new event (or of `event`). */
export async function meetingsRound(t: TestApp, over: Record<string, unknown> = {}, org?: Client, event?: { _id: string; eventCode: string }) {
  const o = org ?? (await organizer(t.url));
  let ev = event;
  if (!ev) {
    const created = await createEvent(o);
    await settled(t, created.position);
    ev = created.data as { _id: string; eventCode: string };
  }
  const r = expectOk(
    await o.post(`/event/${ev._id}/businessConferences`, {
      clientId: randomUUID(),
      name: 'Rueda Agroexporta',
      startDate: '2030-05-01',
      endDate: '2030-05-01',
      timeZone: 'America/Lima',
      meetingMinutes: 30,
      days: [{ date: '2030-05-01', start: '09:00', end: '12:00', breaks: [] }],
      venue: 'tables',
      tables: 5,
      requestDeadline: '2030-04-30T18:00',
      requestMode: 'accept',
      schedulingMode: 'organizer',
      maxRequestsPerParticipant: null,
      productDeadline: null,
      ...over,
    }),
    'round',
  );
  await settled(t, r.position);
  const round = r.data as { _id: string; code: string; name: string; requestDeadline: string | null; slots: { slotId: string; start: string; end: string }[] };
  return { org: o, ev, round };
}

export const requestBody = (roundId: string, counterpartId: string, over: Record<string, unknown> = {}) => ({
  roundId,
  counterpartId,
  preferredSlotId: null,
  message: null,
  clientId: randomUUID(),
  ...over,
});
