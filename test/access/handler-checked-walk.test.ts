/**
 * Generated walk of the routes that authorize in their handler (a round, a participant, a meeting, an order or a
 * ticket names the event, not the URL): another organizer, signed in, calls every such route of the registry on
 * the first organizer's real round, participants, meeting, order and ticket, and is never answered with their
 * data. The matrix walk (matrix.test.ts) covers the routes that declare `access` on an event id; this one covers
 * the rest, so a new handler-checked route is walked the day it is added. Writes are sent an empty body: most of
 * them validate it first and answer 400, so for writes this walk only proves that nothing succeeds or fails with a
 * 500; their refusals of another organizer are tested with valid bodies in each area's flow test.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueGuestOrder } from '../../src/commands/sales/guest-order.js';
import { routeRegistry } from '../../src/http/route.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { organizer, type Client } from '../events/helpers.js';
import { publishedEvent } from '../sales/helpers.js';
import { useTestApp } from '../support/app.js';
import { expectOk, meetingsRound, newParticipant, requestBody, settled } from '../businessConference/meetings-support.js';

/** Path parameters that name something of one organizer's, with the id of the walk's real object. */
type Ids = { round: string; participant: string; meeting: string; order: string; ticket: string; event: string };
const OWNED: [RegExp, keyof Ids | null][] = [
  [/:roundId\b|:round\b/, 'round'],
  [/:participantId\b|\/participant\/:id\b/, 'participant'],
  [/:meetingId\b|\/meetings\/:id\b/, 'meeting'],
  [/\/order\/:id\b/, 'order'],
  [/\/ticket\/:id\b/, 'ticket'],
  [/\/checkin\/:event\b/, 'event'],
];

/**
 * Answers the caller's own registration in a round (none for a stranger) beside the round's public fields, the
 * ones the public registration page /{eventCode}/businessConference/{BCCode}/{type} shows anyone.
 */
const PUBLIC_BY_DESIGN = new Set(['get /businessConference/round/:roundId/myRegistration']);

/** Routes the walk calls: signed-in routes with at least one owned parameter and no `access` declaration. */
const walked = () =>
  routeRegistry.filter(
    (r) => (r.auth === 'user' || r.auth === 'admin') && !r.access && !PUBLIC_BY_DESIGN.has(`${r.method} ${r.path}`) && OWNED.some(([re]) => re.test(r.path)),
  );

function pathFor(path: string, ids: Ids): string {
  let p = path;
  for (const [re, key] of OWNED) if (key) p = p.replace(new RegExp(re.source, 'g'), (m) => (m.startsWith('/') ? m.replace(':id', ids[key]) : ids[key]));
  // A side is a valid one (also as the query some reads require); anything else (a product, a file) is an id that
  // does not exist: the route must still refuse before looking it up, or answer 404.
  p = p.replace(/:side\b/g, 'offer').replace(/:[A-Za-z]+/g, () => randomUUID());
  return p.includes('?') ? p : `${p}?side=offer`;
}

async function call(c: Client, method: string, path: string) {
  if (method === 'get') return c.get(path);
  if (method === 'delete') return c.del(path);
  // An empty body: a route that validates before authorizing answers 400, which says nothing of the object.
  return method === 'post' ? c.post(path, {}) : c.put(path, {});
}

describe('handler-checked routes: another organizer never gets one organizer’s round, meeting, order or ticket', () => {
  const t = useTestApp();
  let ids: Ids;
  let owner: Client;
  let stranger: Client;

  beforeAll(async () => {
    const { org, ev, round } = await meetingsRound(t);
    owner = org;
    const offer = await newParticipant(t, org, ev, round, 'offer', 'Cafés del Norte', 'Agro');
    const demand = await newParticipant(t, org, ev, round, 'demand', 'Importadora Lima', 'Agro');
    const m = expectOk(await demand.c.post('/businessConference/meetings', requestBody(round._id, offer.participantId)), 'request');
    await settled(t, m.position);
    const sales = await publishedEvent(org, { capacity: 10, tickets: [{ name: 'General', quantity: 10 }] });
    const r = await issueGuestOrder(t.ctx, {
      eventId: sales.id,
      ticketTypeId: sales.ticketIds[0],
      by: org.user!.user._id,
      clientId: randomUUID(),
      method: 'guest',
      attendees: [{ name: 'Camila Ramos', email: `camila.${randomUUID().slice(0, 6)}@correo.pe` }],
    });
    await waitForPosition(t.ctx.db, t.ctx.store, r.position!, { timeoutMs: 20_000 });
    ids = { round: round._id, participant: offer.participantId, meeting: m.data._id, order: r.order._id, ticket: r.tickets[0].ticketId, event: sales.id };
    stranger = await organizer(t.url, 'Organizadora Ajena');
  }, 120_000);

  it('walks a route of every handler-checked area', () => {
    const paths = walked().map((r) => r.path);
    for (const area of ['/businessConference/round', '/businessConference/meetings', '/businessConference/participant', '/order/', '/ticket/']) {
      expect(paths.some((p) => p.startsWith(area)), area).toBe(true);
    }
  });

  it('the owner reads their own round and order (the ids are real)', async () => {
    expect((await owner.get(`/businessConferences/${ids.round}`)).status).toBe(200);
    expect((await owner.get(`/reservation/${ids.order}`)).status).toBe(200);
  });

  it('answers another organizer 403 or 404 on reads, and never a success or a 500 on writes', async () => {
    const leaks: string[] = [];
    for (const r of walked()) {
      const path = pathFor(r.path, ids);
      const res = await call(stranger, r.method, path);
      const allowed = r.method === 'get' ? [403, 404] : [400, 403, 404];
      if (!allowed.includes(res.status)) leaks.push(`${r.method.toUpperCase()} ${r.path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(leaks).toEqual([]);
  });
});
