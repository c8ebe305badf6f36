import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ACTIONS, MODULE_ROLES, type EventAction, type ModuleName, type RoleName } from '../../src/contracts/events.js';
import { actionsFor } from '../../src/domain/events/permissions.js';
import { client, createEvent, organizer, signUpVerified, startEventsNode, ticketBody, type Client, type Node } from './helpers.js';

/** Every command and query of an event, with the action the server must require for it. */
const OPERATIONS: { name: string; action: EventAction | 'anyRole'; run: (c: Client, id: string) => Promise<{ status: number }> }[] = [
  { name: 'GET event', action: 'event.read', run: (c, id) => c.get(`/event/${id}`) },
  { name: 'GET eventInformation', action: 'event.read', run: (c, id) => c.get(`/eventInformation/${id}`) },
  { name: 'PUT event (edit)', action: 'event.edit', run: (c, id) => c.put(`/event/${id}`, { description: `Descripción ${randomUUID()}` }) },
  { name: 'POST cover (no file)', action: 'event.edit', run: (c, id) => c.post(`/event/${id}/cover`) },
  { name: 'PUT event (publish)', action: 'event.publish', run: (c, id) => c.put(`/event/${id}`, { published: true }) },
  { name: 'GET tickets', action: 'ticket.read', run: (c, id) => c.get(`/event/${id}/tickets`) },
  { name: 'POST ticket', action: 'ticket.manage', run: (c, id) => c.post(`/event/${id}/ticket`, ticketBody({ quantity: 1 })) },
  { name: 'PUT ticket', action: 'ticket.manage', run: (c, id) => c.put(`/event/${id}/ticket/${randomUUID()}`, { name: 'x' }) },
  { name: 'DELETE ticket', action: 'ticket.manage', run: (c, id) => c.del(`/event/${id}/ticket/${randomUUID()}`) },
  { name: 'GET paymentMethods', action: 'paymentMethod.read', run: (c, id) => c.get(`/event/${id}/paymentMethods`) },
  {
    name: 'POST paymentMethod',
    action: 'paymentMethod.manage',
    run: (c, id) => c.post(`/event/${id}/paymentMethod`, { kind: 'bankDeposit', bank: 'BCP', account: randomUUID().slice(0, 12), holder: 'Aforo' }),
  },
  { name: 'PUT paymentMethod', action: 'paymentMethod.manage', run: (c, id) => c.put(`/event/${id}/paymentMethod/${randomUUID()}`, { bank: 'x' }) },
  { name: 'DELETE paymentMethod', action: 'paymentMethod.manage', run: (c, id) => c.del(`/event/${id}/paymentMethod/${randomUUID()}`) },
  { name: 'GET collaborators', action: 'collaborator.read', run: (c, id) => c.get(`/event/${id}/collaborators`) },
  {
    name: 'POST collaborator',
    action: 'collaborator.manage',
    run: (c, id) => c.post(`/event/${id}/collaborator`, { email: `nadie.${randomUUID().slice(0, 6)}@example.test`, module: 'settings', role: 'administrator' }),
  },
  { name: 'DELETE collaborator', action: 'collaborator.manage', run: (c, id) => c.del(`/event/${id}/collaborator/${randomUUID()}`) },
  { name: 'DELETE invitation (cancel)', action: 'collaborator.manage', run: (c, id) => c.del(`/event/${id}/invitation/${randomUUID()}`) },
  { name: 'GET history', action: 'history.read', run: (c, id) => c.get(`/event/${id}/history`) },
  { name: 'GET history.csv', action: 'history.read', run: (c, id) => c.get(`/event/${id}/history.csv`) },
  { name: 'GET permissions', action: 'anyRole', run: (c, id) => c.get(`/permissions/${id}`) },
  { name: 'GET validateRole', action: 'anyRole', run: (c, id) => c.get(`/validateRole?event=${id}`) },
];

describe('permission matrix through HTTP', () => {
  let t: Node;
  let owner: Client;
  let eventId: string;
  const members: { module: ModuleName; role: RoleName; c: Client }[] = [];

  beforeAll(async () => {
    t = await startEventsNode();
    owner = await organizer(t.node.url, 'Dueña');
    eventId = (await createEvent(owner)).data._id;
    // A paid ticket and a payment method, so publishing is possible for whoever may publish.
    await owner.post(`/event/${eventId}/ticket`, ticketBody({ price: 10 }));
    await owner.post(`/event/${eventId}/paymentMethod`, { kind: 'cash' });
    for (const [module, roles] of Object.entries(MODULE_ROLES) as [ModuleName, readonly RoleName[]][]) {
      for (const role of roles) {
        const u = await signUpVerified(t, { displayName: `${module} ${role}` });
        const g = await owner.post(`/event/${eventId}/collaborator`, { email: u.email, module, role });
        expect(g.status).toBe(201);
        expect(g.body.data.status).toBe('granted');
        members.push({ module, role, c: client(t.node.url, u) });
      }
    }
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('covers every action of the contract', () => {
    const covered = new Set(OPERATIONS.map((o) => o.action));
    for (const a of EVENT_ACTIONS) expect(covered.has(a)).toBe(true);
  });

  it('every role against every command and query: allowed exactly as the matrix says, otherwise 403', async () => {
    const failures: string[] = [];
    const check = async (label: string, c: Client, allowed: Set<string>) => {
      for (const op of OPERATIONS) {
        const res = await op.run(c, eventId);
        const expectAllowed = op.action === 'anyRole' ? allowed.size > 0 : allowed.has(op.action);
        const ok = expectAllowed ? res.status !== 403 && res.status < 500 : res.status === 403;
        if (!ok) failures.push(`${label} ${op.name}: ${res.status} (expected ${expectAllowed ? 'allowed' : '403'})`);
      }
    };
    for (const { module, role, c } of members) {
      await check(`${module}/${role}`, c, new Set(actionsFor({ [module]: role })));
    }
    await check('owner', owner, new Set(EVENT_ACTIONS));
    await check('stranger', await organizer(t.node.url, 'Extraña'), new Set());
    expect(failures).toEqual([]);
  });

  it('eventInformation lists ticket types and payment methods only to who may read them; the summary to every reader', async () => {
    // A hidden ticket type: only who may read tickets may learn it exists by name.
    expect((await owner.post(`/event/${eventId}/ticket`, ticketBody({ name: 'Invitados ocultos', visibility: 'hidden' }))).status).toBe(201);
    const full = (await owner.get(`/eventInformation/${eventId}`)).body;
    expect(full.ticketTypes.map((x: { name: string }) => x.name)).toContain('Invitados ocultos');
    expect(full.paymentMethods.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const { module, role, c } of members) {
      const actions = actionsFor({ [module]: role });
      const r = await c.get(`/eventInformation/${eventId}`);
      if (r.status !== 200) {
        failures.push(`${module}/${role}: ${r.status}`);
        continue;
      }
      const info = r.body;
      const label = `${module}/${role}`;
      if (info.ticketTypes.length !== (actions.includes('ticket.read') ? full.ticketTypes.length : 0)) failures.push(`${label} ticketTypes: ${info.ticketTypes.length}`);
      if (info.paymentMethods.length !== (actions.includes('paymentMethod.read') ? full.paymentMethods.length : 0)) failures.push(`${label} paymentMethods: ${info.paymentMethods.length}`);
      // What the publish flow and the dashboard's figures read stays the same for everyone.
      if (JSON.stringify([info.ticket, info.freeIncome, info.methods, info.checklist]) !== JSON.stringify([full.ticket, full.freeIncome, full.methods, full.checklist]))
        failures.push(`${label} summary differs`);
    }
    expect(failures).toEqual([]);
    const poll = members.find((m) => m.module === 'store' && m.role === 'poll')!;
    expect((await poll.c.get(`/event/${eventId}/tickets`)).status).toBe(403);
    expect(JSON.stringify((await poll.c.get(`/eventInformation/${eventId}`)).body)).not.toContain('Invitados ocultos');
  });

  it('a production collaborator cannot publish through the API; a store administrator can', async () => {
    const production = members.find((m) => m.module === 'businessConference' && m.role === 'production')!;
    const r = await production.c.put(`/event/${eventId}`, { published: true });
    expect(r.status).toBe(403);
    const perms = await production.c.get(`/permissions/${eventId}`);
    expect(perms.body.data).toEqual([expect.objectContaining({ module: 'businessConference', role: 'production', actions: actionsFor({ businessConference: 'production' }) })]);
    const storeAdmin = members.find((m) => m.module === 'store' && m.role === 'administrator')!;
    expect((await storeAdmin.c.put(`/event/${eventId}`, { published: true })).status).toBe(200);
  });

  it('headers narrow access: module without a role, page outside the role, foreign client', async () => {
    const register = members.find((m) => m.module === 'store' && m.role === 'register')!;
    expect((await register.c.get(`/event/${eventId}`, { module: 'store', page: '/register' })).status).toBe(200);
    expect((await register.c.get(`/event/${eventId}`, { module: 'store', page: '/tickets' })).status).toBe(403);
    expect((await register.c.get(`/event/${eventId}`, { module: 'store', page: '/' })).status).toBe(200);
    expect((await register.c.get(`/event/${eventId}`, { module: 'exhibitor' })).status).toBe(403);
    expect((await register.c.get(`/event/${eventId}`, { user: randomUUID() })).status).toBe(403);
    expect((await owner.get(`/event/${eventId}`, { user: owner.user!.user._id, event: eventId, module: 'store', page: '/tickets' })).status).toBe(200);
    const vr = await register.c.get(`/validateRole?event=${eventId}&module=store&page=/register`);
    expect(vr.body.data.data).toMatchObject({ role: { store: 'register' }, actions: actionsFor({ store: 'register' }), pages: ['/register'] });
    expect((await register.c.get(`/validateRole?event=${eventId}&module=store&page=/manage/form`)).status).toBe(403);
  });
});
