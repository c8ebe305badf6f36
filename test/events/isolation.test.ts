import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForPosition } from '../../src/projections/wait.js';
import { randomUUID } from 'node:crypto';
import { paymentMethodsOf, ticketTypesOf } from '../../src/projections/events/queries.js';
import { createEvent, organizer, settle, startEventsNode, ticketBody, type Client, type Node } from './helpers.js';

describe('isolation between two organizers', () => {
  let t: Node;
  let a: Client;
  let b: Client;
  let aEvent: { _id: string; eventCode: string };
  let bEvent: { _id: string };

  beforeAll(async () => {
    t = await startEventsNode();
    a = await organizer(t.node.url, 'Ana');
    b = await organizer(t.node.url, 'Beto');
    aEvent = (await createEvent(a, { eventName: 'Evento privado de Ana' })).data;
    await a.post(`/event/${aEvent._id}/ticket`, ticketBody({ price: 15 }));
    await a.post(`/event/${aEvent._id}/paymentMethod`, { kind: 'card', key: 'pk_ana', secretKey: 'sk_ana_secret' });
    const created = await createEvent(b, { eventName: 'Evento de Beto' });
    bEvent = created.data;
    // Lists and code lookups read the read models: let the projection catch up first.
    await waitForPosition(t.ctx.db, t.ctx.store, created.position, { timeoutMs: 10_000 });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("B cannot read or change A's event, tickets, payment methods, history, collaborators or information", async () => {
    const id = aEvent._id;
    const attempts = [
      b.get(`/event/${id}`),
      b.get(`/eventInformation/${id}`),
      b.get(`/eventInformation`, { event: id }),
      b.get(`/event/${id}/tickets`),
      b.get(`/event/${id}/paymentMethods`),
      b.get(`/event/${id}/history`),
      b.get(`/event/${id}/history.csv`),
      b.get(`/event/${id}/collaborators`),
      b.get(`/permissions/${id}`),
      b.get(`/validateRole?event=${id}`),
      b.get(`/validateRole?event=${aEvent.eventCode}`),
      b.put(`/event/${id}`, { eventName: 'Robado' }),
      b.put(`/event/${id}`, { published: true }),
      b.post(`/event/${id}/ticket`, ticketBody()),
      b.post(`/event/${id}/paymentMethod`, { kind: 'cash' }),
      b.post(`/event/${id}/collaborator`, { email: b.user!.email, module: 'store', role: 'administrator' }),
      b.post(`/event/${id}/cover`),
    ];
    const results = await Promise.all(attempts);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 403));
    // Even with a forged client header pointing to A.
    expect((await b.get(`/event/${id}`, { user: a.user!.user._id })).status).toBe(403);
    const after = await a.get(`/event/${id}`);
    expect(after.body.data.eventName).toBe('Evento privado de Ana');
  });

  it("lists never leak: B's events, modules and B's view of the unpublished public page", async () => {
    const mine = await b.get(`/events/mine`);
    expect(mine.body.data.map((e: { _id: string }) => e._id)).toEqual([bEvent._id]);
    const modules = await b.get(`/modules/${b.user!.user._id}?fecthEvents=true`);
    expect(JSON.stringify(modules.body)).not.toContain(aEvent._id);
    expect((await b.get(`/modules/${a.user!.user._id}?fecthEvents=true`)).status).toBe(403);
    expect((await b.get(`/e/${aEvent.eventCode}`)).status).toBe(404);
    const search = await b.get(`/searchEvent?q=privado`);
    expect(search.body.data).toEqual([]);
    const vr = await b.get('/validateRole');
    expect(JSON.stringify(vr.body)).not.toContain(aEvent._id);
  });

  it("B reusing A's client ids for tickets and payment methods touches only B's own rows", async () => {
    // Client ids are unique per event stream only; the read models must key them by event as well.
    const ticketId = randomUUID();
    const methodId = randomUUID();
    const own = (await createEvent(a, { eventName: 'Evento con ids de cliente' })).data;
    expect((await a.post(`/event/${own._id}/ticket`, ticketBody({ clientId: ticketId, name: 'Entrada de Ana', price: 20 }))).status).toBe(201);
    expect((await a.post(`/event/${own._id}/paymentMethod`, { clientId: methodId, kind: 'card', key: 'pk_ana_2', secretKey: 'sk_ana_2' })).status).toBe(201);

    const added = await b.post(`/event/${bEvent._id}/ticket`, ticketBody({ clientId: ticketId, name: 'Entrada de Beto', price: 5 }));
    expect(added.status).toBe(201);
    const method = await b.post(`/event/${bEvent._id}/paymentMethod`, { clientId: methodId, kind: 'card', key: 'pk_beto', secretKey: 'sk_beto' });
    expect(method.status).toBe(201);
    await settle(t, method.body.position);
    expect((await ticketTypesOf(t.ctx.db, bEvent._id)).map((x) => [x._id, x.name])).toEqual([[ticketId, 'Entrada de Beto']]);
    expect((await paymentMethodsOf(t.ctx.db, bEvent._id)).map((x) => x._id)).toEqual([methodId]);

    expect((await b.put(`/event/${bEvent._id}/ticket/${ticketId}`, { name: 'Cambiada por Beto', price: 1 })).status).toBe(200);
    expect((await b.put(`/event/${bEvent._id}/paymentMethod/${methodId}`, { kind: 'card', key: 'pk_beto_cambiada' })).status).toBe(200);
    expect((await b.del(`/event/${bEvent._id}/ticket/${ticketId}`)).status).toBe(200);
    const removed = await b.del(`/event/${bEvent._id}/paymentMethod/${methodId}`);
    expect(removed.status).toBe(200);
    await settle(t, removed.body.position);

    const aTickets = await ticketTypesOf(t.ctx.db, own._id);
    expect(aTickets.map((x) => [x._id, x.name, x.price])).toEqual([[ticketId, 'Entrada de Ana', 20]]);
    const aMethods = await paymentMethodsOf(t.ctx.db, own._id);
    expect(aMethods.map((x) => [x._id, JSON.stringify(x)])).toEqual([[methodId, expect.stringContaining('pk_ana_2')]]);
    expect(await ticketTypesOf(t.ctx.db, bEvent._id)).toEqual([]);
    expect(await paymentMethodsOf(t.ctx.db, bEvent._id)).toEqual([]);
  });

  it('non-administrators cannot reach the platform administration', async () => {
    for (const p of ['/admin/dashboard', '/admin/users', '/admin/organizers']) {
      expect((await b.get(p)).status).toBe(403);
    }
  });
});
