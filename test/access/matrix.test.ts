/**
 * Generated walk of the access matrix: every role of every module against every route that declares `access`
 * (read from `routeRegistry`, so a new route is covered the day it is added) and the socket guard; then two
 * organizers, each walking every event-scoped route on the other's event.
 */
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_SOCKET_EVENTS } from '../../src/contracts/access.js';
import { MODULE_ROLES, type ModuleName, type RoleName } from '../../src/contracts/events.js';
import { actionsFor, type AccessAction, type RolesByModule } from '../../src/domain/access/matrix.js';
import { routeRegistry } from '../../src/http/route.js';
import { makeAdministrator } from '../support/accounts.js';
import { client, createEvent, organizer, signUpVerified, startEventsNode, ticketBody, type Client, type Node } from '../events/helpers.js';

/** Event-scoped routes whose action depends on the body, checked by their handler (permission-matrix test). */
const HANDLER_CHECKED = new Set(['put /event/:id']);

const eventRoutes = () => routeRegistry.filter((r) => r.access);

function pathFor(path: string, eventId: string): string {
  return path.replace(':id', eventId).replace(/:(itemId|userId|token)/g, () => randomUUID());
}

async function call(c: Client, method: string, path: string, eventId: string) {
  const p = pathFor(path, eventId);
  // An empty body: authorization runs before body validation, so a refused role gets 403, an allowed one 400 at most.
  if (method === 'get') return c.get(p);
  if (method === 'delete') return c.del(p);
  return method === 'post' ? c.post(p, {}) : c.put(p, {});
}

function subscribe(baseUrl: string, token: string, event: string): Promise<{ ok: boolean; status?: number }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(baseUrl, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
    const timer = setTimeout(() => reject(new Error('no ack')), 10_000);
    socket.emit(ACCESS_SOCKET_EVENTS.subscribe, { event }, (ack: { ok: boolean; status?: number }) => {
      clearTimeout(timer);
      socket.disconnect();
      resolve(ack);
    });
  });
}

describe('access matrix: every role x every route and socket event', () => {
  let t: Node;
  let owner: Client;
  let eventId: string;
  const holders: { label: string; roles: RolesByModule; c: Client; admin?: boolean }[] = [];

  beforeAll(async () => {
    t = await startEventsNode();
    owner = await organizer(t.node.url, 'Dueña Matriz');
    eventId = (await createEvent(owner)).data._id;
    await owner.post(`/event/${eventId}/ticket`, ticketBody({ price: 10 }));
    await owner.post(`/event/${eventId}/paymentMethod`, { kind: 'cash' });
    // Published, so that DELETE event/:id walked by an allowed role answers 409 (drafts only) instead of deleting
    // the event the walk goes on with.
    expect((await owner.put(`/event/${eventId}`, { published: true })).status).toBe(200);
    for (const [module, roles] of Object.entries(MODULE_ROLES) as [ModuleName, readonly RoleName[]][]) {
      for (const role of roles) {
        const u = await signUpVerified(t, { displayName: `${module} ${role}` });
        const g = await owner.post(`/event/${eventId}/collaborator`, { email: u.email, module, role });
        expect(g.body.data.status).toBe('granted');
        holders.push({ label: `${module}/${role}`, roles: { [module]: role }, c: client(t.node.url, u) });
      }
    }
    const admin = await signUpVerified(t, { displayName: 'Admin Plataforma' });
    await makeAdministrator(t.ctx, admin.user._id);
    holders.push({ label: 'platform administrator', roles: {}, c: client(t.node.url, admin), admin: true });
    holders.push({ label: 'stranger', roles: {}, c: await organizer(t.node.url, 'Extraña') });
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('every event-scoped route declares its access (or is one checked by its handler)', () => {
    const missing = routeRegistry
      .filter((r) => /\/event\/:id(\/|$)/.test(r.path) && !r.access && !HANDLER_CHECKED.has(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    expect(eventRoutes().length).toBeGreaterThanOrEqual(15);
  });

  // The route walks grow with every module's routes: they get four minutes instead of the default 30 s (a loaded CI machine took over two).
  it('allowed exactly as the matrix says, otherwise 403; signed out 401', async () => {
    const failures: string[] = [];
    for (const route of eventRoutes()) {
      if (route.path.includes(':id') === false) continue;
      const action = route.access!.action as AccessAction | undefined;
      for (const h of holders) {
        const actions = actionsFor(h.roles, undefined, !!h.admin);
        const allowed = action ? actions.includes(action) : actions.length > 0;
        const res = await call(h.c, route.method, route.path, eventId);
        const ok = allowed ? res.status !== 401 && res.status !== 403 && res.status < 500 : res.status === 403;
        if (!ok) failures.push(`${h.label} ${route.method} ${route.path}: ${res.status} (expected ${allowed ? 'allowed' : '403'})`);
      }
      const anonymous = await call(client(t.node.url), route.method, route.path, eventId);
      if (anonymous.status !== 401) failures.push(`anonymous ${route.method} ${route.path}: ${anonymous.status}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('socket event:subscribe follows the same guard', async () => {
    const failures: string[] = [];
    for (const h of [...holders, { label: 'owner', roles: { store: 'administrator' } as RolesByModule, c: owner }]) {
      const ack = await subscribe(t.node.url, h.c.user!.token, eventId);
      const allowed = actionsFor(h.roles, undefined, 'admin' in h && !!h.admin).includes('event.read');
      if (ack.ok !== allowed || (!allowed && ack.status !== 403)) failures.push(`${h.label}: ${JSON.stringify(ack)}`);
    }
    expect((await subscribe(t.node.url, owner.user!.token, randomUUID())).status).toBe(404);
    expect(failures).toEqual([]);
  });
});

describe('two organizers never reach each other', () => {
  let t: Node;
  beforeAll(async () => {
    t = await startEventsNode();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('every event-scoped route on the other organizer\'s event is 403/404, with or without client headers', async () => {
    const a = await organizer(t.node.url, 'Organizadora A');
    const b = await organizer(t.node.url, 'Organizador B');
    const evA = (await createEvent(a)).data._id;
    const evB = (await createEvent(b)).data._id;
    const failures: string[] = [];
    for (const [me, other, mine] of [
      [a, evB, evA],
      [b, evA, evB],
    ] as const) {
      for (const route of eventRoutes()) {
        if (!route.path.includes(':id')) continue;
        const res = await call(me, route.method, route.path, other);
        if (res.status !== 403 && res.status !== 404) failures.push(`${me.user!.user.displayName} ${route.method} ${route.path}: ${res.status}`);
      }
      // Naming oneself as the client of the other's event, or the other's event in the headers of one's own route.
      const asClient = await me.get(`/event/${other}`, { user: me.user!.user._id });
      if (asClient.status !== 403) failures.push(`client header: ${asClient.status}`);
      const crossed = await me.get(`/event/${mine}`, { event: other });
      if (crossed.status !== 403) failures.push(`event header: ${crossed.status}`);
      const info = await me.get('/eventInformation', { event: other });
      if (info.status !== 403) failures.push(`eventInformation by header: ${info.status}`);
      const modules = await me.get(`/modules/${me.user!.user._id}?fecthEvents=true`);
      if (JSON.stringify(modules.body).includes(other)) failures.push('modules lists the other organizer\'s event');
      // Each event once per module and once in the list.
      const ids = modules.body.data.events.map((e: { _id: string }) => e._id);
      if (new Set(ids).size !== ids.length || ids.length !== 1) failures.push(`modules events: ${ids}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
