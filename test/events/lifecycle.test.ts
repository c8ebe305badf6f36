import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { revealPaymentSecret } from '../../src/commands/events/secrets.js';
import { loadEvent } from '../../src/commands/events/service.js';
import { accessMemberships } from '../../src/projections/access/memberships.js';
import { eventsReadModels } from '../../src/projections/events/read-models.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { eventually, createEvent, organizer, settle, ticketBody, useEventsNode, verifiedClient, client } from './helpers.js';

describe('event life cycle: duplicate, delete a draft, cancel a published event; capacity as a shared quota', () => {
  const t = useEventsNode();

  it('duplicates an event as a draft with its details, tickets and payment methods (card secret copied), code <code>-copia, -copia-2', async () => {
    const a = await organizer(t.node.url);
    const src = await createEvent(a, { capacity: 120 });
    const id = src.data._id;
    await a.post(`/event/${id}/ticket`, ticketBody({ name: 'General', price: 40, quantity: 100 }));
    await a.post(`/event/${id}/ticket`, ticketBody({ name: 'VIP', price: 90, quantity: 30 }));
    await a.post(`/event/${id}/paymentMethod`, { kind: 'card', key: 'pk_test_dup', secretKey: 'sk_test_DUPLICATED' });
    await a.post(`/event/${id}/paymentMethod`, { kind: 'cash', instructions: 'En puerta' });
    expect((await a.put(`/event/${id}`, { published: true })).status).toBe(200);

    const clientId = randomUUID();
    const dup = await a.post(`/event/${id}/duplicate`, { clientId });
    expect(dup.status).toBe(201);
    expect(dup.body.data).toMatchObject({ _id: clientId, eventCode: `${src.data.eventCode}-copia`, eventName: 'Feria de Café', published: false, capacity: 120, cancelledAt: null });
    expect(dup.body.paymentMethodsLeftOut).toBe(0);
    // A retry with the same clientId answers the same copy and creates nothing.
    const again = await a.post(`/event/${id}/duplicate`, { clientId });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ _id: clientId, eventCode: `${src.data.eventCode}-copia` });

    const tickets = (await a.get(`/event/${clientId}/tickets`)).body.data;
    expect(tickets.map((x: { name: string; quantity: number }) => [x.name, x.quantity])).toEqual([
      ['General', 100],
      ['VIP', 30],
    ]);
    const methods = (await a.get(`/event/${clientId}/paymentMethods`)).body.data;
    expect(methods.map((p: { kind: string }) => p.kind)).toEqual(['card', 'cash']);
    expect(methods[0]).toMatchObject({ key: 'pk_test_dup', hasSecretKey: true });
    // The copy's card secret is its own vault row, readable through the copy's method and reference.
    const copy = (await loadEvent(t.ctx, clientId))!.state;
    const card = copy.paymentMethods.find((p) => p.method.kind === 'card')!;
    const stored = card.method.kind === 'card' ? card.method.secretKeyCipher : '';
    expect(stored).toContain(`events.payment-method/${clientId}/${card.id}/`);
    expect(await revealPaymentSecret(t.ctx, clientId, card.id, stored)).toBe('sk_test_DUPLICATED');
    // Only one copy of the secret rows for that retry: the retry's stored row was forgotten.
    const rows = await t.ctx.db.selectFrom('secrets').select('ref').where('ref', 'like', `events.payment-method/${clientId}/%`).execute();
    expect(rows).toHaveLength(1);

    const second = await a.post(`/event/${id}/duplicate`, {});
    expect(second.body.data.eventCode).toBe(`${src.data.eventCode}-copia-2`);
    const chosen = await a.post(`/event/${id}/duplicate`, { eventCode: src.data.eventCode });
    expect(chosen.status).toBe(409);
    expect(chosen.body).toMatchObject({ code: 'EVENT_CODE_TAKEN', messagePublic: 'El código del evento ya está en uso. Elige otro.' });

    // Someone outside the team cannot copy it.
    const b = await organizer(t.node.url, 'Ajena');
    expect((await b.post(`/event/${id}/duplicate`, {})).status).toBe(403);
  });

  it('deletes a draft: gone from the lists, its code free again, its stream kept; a published event is refused', async () => {
    const a = await organizer(t.node.url);
    const draft = await createEvent(a);
    const id = draft.data._id;
    const del = await a.del(`/event/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ _id: id, deleted: true });
    await settle(t, del.body.position);
    expect((await a.get(`/event/${id}`)).status).toBeGreaterThanOrEqual(403);
    const mine = (await a.get('/events/mine')).body.data;
    expect(mine.map((e: { _id: string }) => e._id)).not.toContain(id);
    expect((await a.get(`/events/code-availability?code=${draft.data.eventCode}`)).body.data.available).toBe(true);
    expect((await client(t.node.url).get(`/e/${draft.data.eventCode}`)).status).toBe(404);
    // The history stays in the log.
    const recorded = await t.ctx.store.readStream(`events-event-${id}`);
    expect(recorded.map((e) => e.type)).toEqual(['events.EventCreated', 'events.EventDeleted']);
    // The code can be used again by another event.
    const reuse = await createEvent(a, { eventCode: draft.data.eventCode });
    expect(reuse.data.eventCode).toBe(draft.data.eventCode);

    await a.post(`/event/${reuse.data._id}/ticket`, ticketBody());
    await a.put(`/event/${reuse.data._id}`, { published: true });
    const refused = await a.del(`/event/${reuse.data._id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'DELETE_PUBLISHED', messagePublic: 'Un evento publicado no se puede eliminar; puedes cancelarlo.' });
  });

  it('cancels a published event: off the public lists and search, its page says so, no more edits, the team is notified', async () => {
    const a = await organizer(t.node.url, 'Dueña Cancelación');
    const name = `Concierto Cancelable ${randomUUID().slice(0, 6)}`;
    const ev = await createEvent(a, { eventName: name });
    const id = ev.data._id;
    const colleague = await verifiedClient(t, 'Colega Cancelación');
    expect((await a.post(`/event/${id}/collaborator`, { email: colleague.user!.email, module: 'store', role: 'register' })).body.data.status).toBe('granted');
    // A draft is deleted, not cancelled.
    expect((await a.post(`/event/${id}/cancel`)).body.code).toBe('CANCEL_DRAFT');
    await a.post(`/event/${id}/ticket`, ticketBody());
    const pub = await a.put(`/event/${id}`, { published: true });
    await settle(t, pub.body.position);
    const anon = client(t.node.url);
    expect((await anon.get('/events/published?pageSize=60')).body.data.map((e: { _id: string }) => e._id)).toContain(id);

    const c = await a.post(`/event/${id}/cancel`);
    expect(c.status).toBe(200);
    expect(c.body.data.published).toBe(false);
    expect(c.body.data.cancelledAt).toEqual(expect.any(String));
    // A retry answers success.
    expect((await a.post(`/event/${id}/cancel`)).status).toBe(200);
    await settle(t, c.body.position);

    expect((await anon.get('/events/published?pageSize=60')).body.data.map((e: { _id: string }) => e._id)).not.toContain(id);
    expect((await anon.get(`/searchEvent?q=${encodeURIComponent(name)}`)).body.data.map((e: { _id: string }) => e._id)).not.toContain(id);
    const page = await anon.get(`/e/${ev.data.eventCode}`);
    expect(page.status).toBe(200);
    expect(page.body.data.cancelledAt).toEqual(expect.any(String));
    expect(page.body.ticketTypes).toEqual([]);

    const edit = await a.put(`/event/${id}`, { venue: 'Otro lugar' });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: 'EVENT_CANCELLED', messagePublic: 'El evento está cancelado: ya no se puede editar ni publicar.' });
    expect((await a.post(`/event/${id}/ticket`, ticketBody({ name: 'Otra' }))).body.code).toBe('EVENT_CANCELLED');
    expect((await a.del(`/event/${id}`)).body.code).toBe('DELETE_PUBLISHED');
    // Still the team's to read; the list shows it as cancelled.
    expect((await a.get(`/event/${id}`)).status).toBe(200);
    const mine = (await a.get('/events/mine')).body.data.find((e: { _id: string }) => e._id === id);
    expect(mine).toMatchObject({ cancelled: true, published: false });
    const modules = (await a.get(`/modules/${a.user!.user._id}`)).body.data;
    expect(modules.events.find((e: { _id: string }) => e._id === id)).toMatchObject({ cancelled: true, published: false });

    // The team hears of it (the owner who cancelled does not get a notification of their own action).
    const notifications = async (u: typeof colleague) =>
      (await u.get(`/notification?_notificationUser=${u.user!.user._id}&update=true&query=eventCancelled`)).body.data as { detail: { message: string } }[];
    await eventually(async () => (await notifications(colleague)).length === 1);
    expect((await notifications(colleague))[0].detail.message).toBe(`Se canceló el evento ${name}.`);
    expect(await notifications(a)).toHaveLength(0);
  });

  it('a rule about one field answers that field\'s error too (forms show it beside the field, not only in a toast)', async () => {
    const a = await organizer(t.node.url);
    const id = (await createEvent(a)).data._id;
    await a.post(`/event/${id}/ticket`, ticketBody({ name: 'General' }));
    const twin = await a.post(`/event/${id}/ticket`, ticketBody({ name: 'general' }));
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({
      code: 'TICKET_NAME_TAKEN',
      errors: [{ path: 'name', message: 'Ya existe una entrada con ese nombre en este evento.' }],
    });
    const limits = await a.post(`/event/${id}/ticket`, ticketBody({ name: 'VIP', minPerOrder: 5, maxPerOrder: 2 }));
    expect(limits.body.errors).toEqual([{ path: 'maxPerOrder', message: 'El máximo por pedido debe ser mayor o igual que el mínimo.' }]);
    const dates = await a.put(`/event/${id}`, { endDate: '2030-05-01T10:00:00-05:00' });
    expect(dates.status).toBe(400);
    expect(dates.body.errors).toEqual([{ path: 'endDate', message: 'La fecha de fin debe ser posterior a la fecha de inicio.' }]);
    const b = await organizer(t.node.url);
    const taken = await b.post('/event', { ...(await a.get(`/event/${id}`)).body.data, _id: undefined, clientId: undefined });
    expect(taken.body).toMatchObject({ code: 'EVENT_CODE_TAKEN', errors: [{ path: 'eventCode', message: 'El código del evento ya está en uso. Elige otro.' }] });
  });

  it('capacity is a quota shared by the ticket types: quantities may add up beyond it, the event sells at most the capacity', async () => {
    const a = await organizer(t.node.url);
    const id = (await createEvent(a, { capacity: 100 })).data._id;
    expect((await a.post(`/event/${id}/ticket`, ticketBody({ name: 'General', quantity: 80 }))).status).toBe(201);
    expect((await a.post(`/event/${id}/ticket`, ticketBody({ name: 'Estudiante', quantity: 60 }))).status).toBe(201);
    let info = (await a.get(`/eventInformation/${id}`)).body;
    expect(info.checklist).toMatchObject({ ticketsTotal: 140, capacity: 100, sellableTotal: 100 });
    expect((await a.put(`/event/${id}`, { capacity: 50 })).status).toBe(200);
    expect((await a.put(`/event/${id}`, { capacity: null })).status).toBe(200);
    info = (await a.get(`/eventInformation/${id}`)).body;
    expect(info.checklist).toMatchObject({ ticketsTotal: 140, capacity: null, sellableTotal: 140 });
  });

  // Runs last: the cases above left duplicates, a deleted draft and a cancelled event in the log.
  it('replaying the log gives the same rows for the events read models and the memberships (deleted and cancelled events included)', async () => {
    const a = await organizer(t.node.url);
    // Every earlier write is read-modelled once this one is.
    await settle(t, (await createEvent(a)).position);
    const tables = ['events', 'event_ticket_types', 'event_payment_methods', 'event_members', 'event_invitations', 'access_events', 'access_memberships'] as const;
    const dump = async () => {
      const out: Record<string, string[]> = {};
      for (const table of tables) out[table] = (await t.ctx.db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
      return out;
    };
    const before = await dump();
    expect(before.events.some((r) => r.includes('"cancelled_at":null'))).toBe(true);
    expect(before.events.some((r) => !r.includes('"cancelled_at":null'))).toBe(true);
    await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, eventsReadModels);
    await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, accessMemberships);
    expect(await dump()).toEqual(before);
  });
});
