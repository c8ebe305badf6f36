import { randomUUID } from 'node:crypto';
import { client, createEvent, organizer, type Client } from '../events/helpers.js';
import { signUp } from '../support/accounts.js';
import type { TestApp } from '../support/app.js';
import { waitForPosition } from '../../src/projections/wait.js';

/** Waits until the read models include a write (round writes answer before their projection runs). */
export async function settled(t: TestApp, position: string | null | undefined) {
  if (position && !(await waitForPosition(t.ctx.db, t.ctx.store, position, { timeoutMs: 20_000 }))) throw new Error('projections too slow');
}

/** Helpers of the participants area's tests: an organizer's event with a round and its fields, and a registration body. */

export const roundBody = (over: Record<string, unknown> = {}) => ({
  clientId: randomUUID(),
  name: 'Rueda Agroexporta',
  startDate: '2030-05-01',
  endDate: '2030-05-01',
  timeZone: 'America/Lima',
  meetingMinutes: 20,
  days: [{ date: '2030-05-01', start: '09:00', end: '12:00', breaks: [] }],
  venue: 'tables',
  tables: 10,
  requestDeadline: null,
  requestMode: 'accept',
  schedulingMode: 'participants',
  maxRequestsPerParticipant: null,
  productDeadline: null,
  ...over,
});

export const OFFER_FIELDS = [
  { label: 'Volumen anual (t)', kind: 'number', required: true },
  { label: 'Certificación', kind: 'choice', options: ['Orgánico', 'Comercio justo'], required: false },
];

export async function createRound(t: TestApp, org: Client, eventId: string, over: Record<string, unknown> = {}) {
  const r = await org.post(`/event/${eventId}/businessConferences`, roundBody(over));
  if (r.status !== 201) throw new Error(`round: ${r.status} ${JSON.stringify(r.body)}`);
  await settled(t, r.body.position);
  const roundId = r.body.data._id as string;
  const f = await org.put(`/businessConferences/${roundId}/fields/offer`, { fields: OFFER_FIELDS });
  if (f.status !== 200) throw new Error(`fields: ${f.status} ${JSON.stringify(f.body)}`);
  await settled(t, f.body.position);
  const c = await org.put(`/businessConferences/${roundId}/catalogueFilter`, { filter: ['sector', ...f.body.data.offerFields.map((x: { key: string }) => x.key)] });
  if (c.status !== 200) throw new Error(`filter: ${c.status} ${JSON.stringify(c.body)}`);
  await settled(t, c.body.position);
  return c.body.data as { _id: string; code: string; offerFields: { key: string; label: string }[]; catalogueFilter: string[] };
}

export async function organizerWithRound(t: TestApp, over: Record<string, unknown> = {}) {
  const org = await organizer(t.url);
  const created = await createEvent(org);
  await settled(t, created.position);
  const ev = created.data;
  const round = await createRound(t, org, ev._id, over);
  return { org, ev, round };
}

export async function user(baseUrl: string, name = 'Ana Quispe') {
  return client(baseUrl, await signUp(baseUrl, { displayName: name }));
}

export function registration(ev: { eventCode: string }, round: { code: string; offerFields: { key: string }[] }, over: Record<string, unknown> = {}) {
  const [volume, cert] = round.offerFields.map((f) => f.key);
  return {
    clientId: randomUUID(),
    eventCode: ev.eventCode,
    code: round.code,
    type: 'offer',
    company: { name: 'Café Andino SAC', ruc: '20100070970', sector: 'Agroindustria', logoUrl: null, description: 'Café de altura de Chanchamayo' },
    contactName: 'Ana Quispe',
    phone: '999888777',
    fields: { [volume]: 120, [cert]: 'Orgánico' },
    products: [{ name: 'Café tostado', description: 'Bolsa de 250 g', sector: 'Agroindustria', imageUrl: null }],
    ...over,
  };
}
