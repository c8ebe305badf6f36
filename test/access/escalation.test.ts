import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages/es.js';
import { client, createEvent, organizer, signUpVerified, startEventsNode, type Node } from '../events/helpers.js';

describe('a role hands out roles only in its own module, never above its own', () => {
  let t: Node;
  beforeAll(async () => {
    t = await startEventsNode();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('a settings administrator cannot make itself the store administrator, so it never reads payment methods nor edits the event', async () => {
    const owner = await organizer(t.node.url, 'Dueña');
    const ev = (await createEvent(owner)).data;
    const me = await signUpVerified(t, { displayName: 'Sergio Ajustes' });
    expect((await owner.post(`/event/${ev._id}/collaborator`, { email: me.email, module: 'settings', role: 'administrator' })).body.data.status).toBe('granted');
    const settingsAdmin = client(t.node.url, me);

    const escalate = await settingsAdmin.post(`/event/${ev._id}/collaborator`, { email: me.email, module: 'store', role: 'administrator' });
    expect(escalate.status).toBe(403);
    expect(escalate.body).toMatchObject({ code: 'ROLE_GRANT_FORBIDDEN', messagePublic: messages.events.grantForbidden });
    // Through a pending invitation to another address of its own: refused as well.
    expect((await settingsAdmin.post(`/event/${ev._id}/collaborator`, { email: 'otra.cuenta@example.test', module: 'store', role: 'administrator' })).status).toBe(403);

    expect((await settingsAdmin.get(`/event/${ev._id}/paymentMethods`)).status).toBe(403);
    expect((await settingsAdmin.put(`/event/${ev._id}`, { description: 'Cambiada' })).status).toBe(403);
    const stream = await t.ctx.store.readStream(`events-event-${ev._id}`);
    expect(stream.filter((e) => e.type === 'events.CollaboratorInvited' && (e.data as { module: string }).module === 'store')).toEqual([]);

    // Its own module, its own rank: allowed.
    const colleague = await signUpVerified(t, { displayName: 'Colega Ajustes' });
    expect((await settingsAdmin.post(`/event/${ev._id}/collaborator`, { email: colleague.email, module: 'settings', role: 'administrator' })).status).toBe(201);
  });
});
