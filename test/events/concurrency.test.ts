import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEvent, newEventBody, organizer, settle, useEventsNode, ticketBody } from './helpers.js';

describe('eventCode uniqueness and idempotent writes', () => {
  const t = useEventsNode();

  it('10 concurrent creates with the same eventCode: exactly one wins, the others get EVENT_CODE_TAKEN', async () => {
    const orgs = await Promise.all([0, 1].map((i) => organizer(t.node.url, `Org ${i}`)));
    const code = `unico-${randomUUID().slice(0, 6)}`;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => orgs[i % 2].post('/event', newEventBody({ eventCode: code }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body).toMatchObject({ code: 'EVENT_CODE_TAKEN', messagePublic: 'El código del evento ya está en uso. Elige otro.' });
    }
    const count = await t.ctx.db.selectFrom('es_reservations' as never).selectAll().where('scope' as never, '=', 'events.code' as never).where('value' as never, '=', code as never).execute();
    expect(count).toHaveLength(1);
  });

  it('changing the code releases the old one and reserves the new one', async () => {
    const a = await organizer(t.node.url);
    const ev = (await createEvent(a)).data;
    const other = (await createEvent(a)).data;
    expect((await a.put(`/event/${other._id}`, { eventCode: ev.eventCode })).body.code).toBe('EVENT_CODE_TAKEN');
    const newCode = `nuevo-${randomUUID().slice(0, 6)}`;
    expect((await a.put(`/event/${ev._id}`, { eventCode: newCode })).status).toBe(200);
    // The old code is free again.
    expect((await a.put(`/event/${other._id}`, { eventCode: ev.eventCode })).status).toBe(200);
  });

  it('the same clientId creates one event, however often it is retried (also concurrently)', async () => {
    const a = await organizer(t.node.url);
    const clientId = randomUUID();
    const body = newEventBody({ clientId });
    const results = await Promise.all([a.post('/event', body), a.post('/event', body), a.post('/event', body)]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.body.data._id))).toEqual(new Set([clientId]));
    const stream = await t.ctx.store.readStream(`events-event-${clientId}`);
    expect(stream).toHaveLength(1);
    // Another user reusing that clientId does not get A's event.
    const b = await organizer(t.node.url);
    expect((await b.post('/event', body)).status).toBe(409);
  });

  it('96 concurrent edits of one event without expectedVersion all succeed; a stale expectedVersion is a 409', async () => {
    const a = await organizer(t.node.url);
    const created = await createEvent(a);
    await settle(t, created.position);
    const ev = created.data;
    // Same field and different fields at once: each edit is decided again on the state the others left.
    const edit = (i: number) =>
      i % 3 === 0 ? { eventName: `Feria ${i}` } : i % 3 === 1 ? { description: `Descripción ${i}` } : { capacity: 1000 + i };
    const results = await Promise.all(Array.from({ length: 96 }, (_, i) => a.put(`/event/${ev._id}`, edit(i))));
    const failed = results.filter((r) => r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.body)}`);
    expect(failed).toEqual([]);
    // Every value was new when decided, so every edit appended exactly one event after the creation.
    const stream = await t.ctx.store.readStream(`events-event-${ev._id}`);
    expect(stream).toHaveLength(97);
    expect(new Set(results.map((r) => r.body.data.version)).size).toBe(96);

    // A client that states the version it edited gets the conflict, and nothing is written.
    const stale = await a.put(`/event/${ev._id}`, { eventName: 'Tarde', expectedVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'WRONG_EXPECTED_VERSION' });
    expect(await t.ctx.store.readStream(`events-event-${ev._id}`)).toHaveLength(97);
  });

  it('PUT with edits and published: true is one command: both events in one append, or nothing', async () => {
    const a = await organizer(t.node.url);
    const created = await createEvent(a);
    await settle(t, created.position);
    const ev = created.data;
    const stream = () => t.ctx.store.readStream(`events-event-${ev._id}`);
    // No ticket yet: the publication is refused, and so is the edit that came with it.
    const refused = await a.put(`/event/${ev._id}`, { eventName: 'Feria Publicada', published: true });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NO_TICKETS');
    expect(await stream()).toHaveLength(1);

    const ticket = await a.post(`/event/${ev._id}/ticket`, ticketBody());
    expect(ticket.status).toBe(201);
    const published = await a.put(`/event/${ev._id}`, { eventName: 'Feria Publicada', published: true });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ eventName: 'Feria Publicada', published: true });
    const [edited, publication] = (await stream()).slice(-2);
    expect([edited.type, publication.type]).toEqual(['events.EventDetailsChanged', 'events.EventPublished']);
    // One append: one transaction (positions are "<transaction id>:<position>"), the publication naming the new name.
    expect(edited.position.split(':')[0]).toBe(publication.position.split(':')[0]);
    expect(publication.data.eventName).toBe('Feria Publicada');
    expect(published.body.position).toBe(publication.position);
    // published: false on a published event is refused; a repeat of the publication changes nothing.
    expect((await a.put(`/event/${ev._id}`, { published: false })).body.code).toBe('NO_UNPUBLISH');
    expect((await a.put(`/event/${ev._id}`, { eventName: 'Feria Publicada', published: true })).status).toBe(200);
    expect(await stream()).toHaveLength(4);
  });

  it('Idempotency-Key replays the first answer and appends nothing new', async () => {
    const a = await organizer(t.node.url);
    const ev = (await createEvent(a)).data;
    const key = randomUUID();
    const vip = ticketBody({ name: 'VIP', price: 50 });
    const first = await a.post(`/event/${ev._id}/ticket`, vip, { 'Idempotency-Key': key });
    const second = await a.post(`/event/${ev._id}/ticket`, vip, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const tickets = await a.get(`/event/${ev._id}/tickets`);
    expect(tickets.body.data).toHaveLength(1);
    const createKey = randomUUID();
    const body = newEventBody();
    const c1 = await a.post('/event', body, { 'Idempotency-Key': createKey });
    const c2 = await a.post('/event', body, { 'Idempotency-Key': createKey });
    expect(c2.body.data._id).toBe(c1.body.data._id);

    // The same key with another request (other path, or other body) is refused, never answered with the first
    // request's body, and writes nothing.
    const reused = { status: 409, code: 'IDEMPOTENCY_KEY_REUSED', messagePublic: expect.stringContaining('ya se usó para otra solicitud') };
    const otherPath = await a.post(`/event/${c1.body.data._id}/ticket`, ticketBody({ name: 'General', price: 0 }), { 'Idempotency-Key': createKey });
    expect(otherPath.status).toBe(409);
    expect(otherPath.body).toMatchObject(reused);
    expect((await a.get(`/event/${c1.body.data._id}/tickets`)).body.data).toHaveLength(0);
    const otherBody = await a.post(`/event/${ev._id}/ticket`, ticketBody({ name: 'Platea', price: 30 }), { 'Idempotency-Key': key });
    expect(otherBody.status).toBe(409);
    expect(otherBody.body).toMatchObject(reused);
    expect((await a.get(`/event/${ev._id}/tickets`)).body.data).toHaveLength(1);
  });
});
