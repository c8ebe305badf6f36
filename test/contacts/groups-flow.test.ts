import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';
import { contactsCall } from './api.js';
import { client as eventsClient, createEvent, signUpVerified } from '../events/helpers.js';

// The CRM's groups, tasks, report and erasure over HTTP against a real node (PostgreSQL, Redis, BullMQ worker).
const app = useTestApp();

const call = (user: SignedUpUser, method: string, path: string, body?: unknown, client?: string) => contactsCall(app.api, user, method, path, body, client);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function contact(org: SignedUpUser, body: Record<string, unknown>) {
  const r = await call(org, 'POST', '/contacts', { clientId: randomUUID(), ...body });
  expect(r.status).toBe(201);
  return r.body.data._id as string;
}

describe('CRM groups, tasks, report and erasure', { timeout: 90_000 }, () => {
  it('builds static and filter groups, pages their members, answers "as of" and diffs, and hides them from another organizer', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Grupos' });
    expect((await call(org, 'PUT', '/fields/contact', { fields: [{ key: 'talla', label: 'Talla', type: 'choice', options: ['S', 'M'] }] })).status).toBe(200);
    const ana = await contact(org, { name: 'Ana Díaz', email: 'ana@correo.pe', consent: { email: { status: 'granted', source: 'Feria Lima' } }, fields: { talla: 'M' } });
    const beto = await contact(org, { name: 'Beto Ruiz', email: 'beto@correo.pe', consent: { email: { status: 'withdrawn', source: 'web' } }, fields: { talla: 'M' } });
    const caro = await contact(org, { name: 'Carolina Paz', email: 'caro@correo.pe', consent: { email: { status: 'granted', source: 'web' } }, fields: { talla: 'S' } });

    // A saved filter: e-mail consent granted AND size M; accents and case do not matter for text.
    const filterId = randomUUID();
    const fg = await call(org, 'POST', '/groups', {
      clientId: filterId,
      name: 'Talla M con consentimiento',
      kind: 'filter',
      filter: { match: 'all', conditions: [{ field: 'consent.email', operator: 'equals', value: 'granted' }, { field: 'fields.talla', operator: 'equals', value: 'm' }] },
    });
    expect(fg.status).toBe(201);
    expect(fg.body.data).toMatchObject({ kind: 'filter', members: 1 });
    const members = await call(org, 'GET', `/groups/${filterId}/members?page=0&pageSize=25`);
    expect(members.body.rows.map((r: { _id: string }) => r._id)).toEqual([ana]);
    // Evaluated at read time: a contact that starts matching is a member at once.
    const bEdit = await call(org, 'PUT', `/contacts/${beto}`, { name: 'Beto Ruiz', email: 'beto@correo.pe', consent: { email: { status: 'granted', source: 'web' } }, fields: { talla: 'M' } });
    expect(bEdit.status).toBe(200);
    const sorted = await call(org, 'GET', `/groups/${filterId}/members?page=0&pageSize=25&sortField=name&sortOrder=desc`);
    expect(sorted.body.rows.map((r: { name: string }) => r.name)).toEqual(['Beto Ruiz', 'Ana Díaz']);
    const source = await call(org, 'POST', '/groups', { clientId: randomUUID(), name: 'De ferias', kind: 'filter', filter: { match: 'any', conditions: [{ field: 'source', operator: 'contains', value: 'feria' }] } });
    expect(source.body.data.members).toBe(1);
    // Spanish refusals.
    const bad = await call(org, 'POST', '/groups', { clientId: randomUUID(), name: 'Mal', kind: 'filter', filter: { match: 'all', conditions: [{ field: 'fields.nada', operator: 'equals', value: 'x' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'FILTER_FIELD_UNKNOWN', messagePublic: 'No se puede filtrar por «fields.nada».' });

    // A static list, filled from a selection; a retry adds nothing; an unknown id is refused with nothing written.
    const listId = randomUUID();
    expect((await call(org, 'POST', '/groups', { clientId: listId, name: 'VIP', kind: 'static' })).status).toBe(201);
    const t0 = new Date().toISOString();
    await sleep(30);
    const add = await call(org, 'POST', `/groups/${listId}/members`, { contactIds: [ana, caro] });
    expect(add.body.data).toMatchObject({ members: 2, added: 2 });
    expect((await call(org, 'POST', `/groups/${listId}/members`, { contactIds: [ana, caro] })).body.data).toMatchObject({ members: 2, added: 0 });
    const unknown = await call(org, 'POST', `/groups/${listId}/members`, { contactIds: [beto, randomUUID()] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('CONTACTS_NOT_FOUND');
    await sleep(30);
    const t1 = new Date().toISOString();
    await sleep(30);
    expect((await call(org, 'POST', `/groups/${listId}/members/remove`, { contactIds: [caro] })).body.data.members).toBe(1);
    expect((await call(org, 'PUT', `/groups/${listId}`, { name: 'Clientes VIP' })).status).toBe(200);
    const t2 = new Date().toISOString();

    // "As of": the list as it was at t0 (empty), t1 (two members) and now; the diff between t1 and t2.
    const asOf0 = await call(org, 'GET', `/group/${listId}/asOf?at=${encodeURIComponent(t0)}`);
    expect(asOf0.body.data).toMatchObject({ exists: true, group: { name: 'VIP', members: [] } });
    const asOf1 = await call(org, 'GET', `/group/${listId}/asOf?at=${encodeURIComponent(t1)}`);
    expect(asOf1.body.data.group.members.map((m: { name: string }) => m.name).sort()).toEqual(['Ana Díaz', 'Carolina Paz']);
    const before = await call(org, 'GET', `/group/${listId}/asOf?at=2020-01-01T00:00:00Z`);
    expect(before.body.data).toMatchObject({ exists: false, group: null, version: -1 });
    const diff = await call(org, 'GET', `/group/${listId}/diff?from=${encodeURIComponent(t1)}&to=${encodeURIComponent(t2)}`);
    expect(diff.body.data).toMatchObject({ changes: [{ field: 'name', before: 'VIP', after: 'Clientes VIP' }], added: [], removed: [{ _id: caro, name: 'Carolina Paz' }] });
    const fAsOf = await call(org, 'GET', `/group/${filterId}/asOf?at=${encodeURIComponent(t2)}`);
    expect(fAsOf.body.data.group).toMatchObject({ kind: 'filter', filter: { match: 'all' } });
    expect((await call(org, 'GET', `/group/${listId}/diff?from=${encodeURIComponent(t2)}&to=${encodeURIComponent(t1)}`)).body.code).toBe('BAD_DATES');

    // The list of groups; another organizer sees none of them and cannot read them by id.
    const list = await call(org, 'GET', '/groups');
    expect(list.body.data.map((g: { name: string }) => g.name).sort()).toEqual(['Clientes VIP', 'De ferias', 'Talla M con consentimiento']);
    const other = await signUp(app.url, { displayName: 'Otro Organizador' });
    expect((await call(other, 'GET', '/groups')).body.data).toEqual([]);
    expect((await call(other, 'GET', `/groups/${listId}`)).status).toBe(404);
    expect((await call(other, 'GET', `/groups/${listId}/members`)).status).toBe(404);
    expect((await call(other, 'GET', `/group/${listId}/asOf?at=${encodeURIComponent(t2)}`)).status).toBe(404);
    expect((await call(other, 'POST', `/groups/${listId}/members`, { contactIds: [ana] })).status).toBe(404);
    expect((await call(other, 'GET', '/groups', undefined, org.user._id)).status).toBe(403);

    // The query functions the campaigns build audiences with.
    const { groupMemberIds, groupsOf } = await import('../../src/projections/contacts/group-queries.js');
    const fields = [{ key: 'talla', label: 'Talla', type: 'choice' as const, required: false, options: ['S', 'M'] }];
    expect(await groupMemberIds(app.ctx.db, org.user._id, filterId, fields)).toEqual([ana, beto].sort());
    expect(await groupMemberIds(app.ctx.db, org.user._id, listId)).toEqual([ana]);
    expect(await groupMemberIds(app.ctx.db, other.user._id, listId)).toEqual([]);
    expect((await groupsOf(app.ctx.db, org.user._id, fields)).length).toBe(3);
  });

  it('reminds the owner of a task at its due time through a real queue and worker; a done task is not reminded', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Tareas' });
    const ana = await contact(org, { name: 'Ana Tarea', email: 'ana.tarea@correo.pe' });
    const owners = await call(org, 'GET', '/tasks/owners');
    expect(owners.body.data).toEqual([{ _id: org.user._id, name: 'Organizadora Tareas' }]);
    const stranger = await signUp(app.url, { displayName: 'Ajena' });
    const refused = await call(org, 'POST', '/tasks', { clientId: randomUUID(), title: 'x', ownerId: stranger.user._id, dueAt: new Date(Date.now() + 60_000).toISOString() });
    expect(refused.status).toBe(400);
    expect(refused.body.messagePublic).toBe('El responsable debe ser el organizador o un miembro de su equipo.');

    const taskId = randomUUID();
    const created = await call(org, 'POST', '/tasks', { clientId: taskId, title: 'Llamar a Ana', contactId: ana, ownerId: org.user._id, dueAt: new Date(Date.now() + 60_000).toISOString() });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ title: 'Llamar a Ana', contactName: 'Ana Tarea', ownerName: 'Organizadora Tareas', done: false });
    // A retry of the creation is the same task.
    expect((await call(org, 'POST', '/tasks', { clientId: taskId, title: 'Llamar a Ana', contactId: ana, ownerId: org.user._id, dueAt: created.body.data.dueAt })).status).toBe(201);
    // Re-scheduled to 1.5 s from now: the reminder arrives then (the first schedule, a minute away, sends nothing).
    const dueAt = new Date(Date.now() + 1500).toISOString();
    expect((await call(org, 'PUT', `/tasks/${taskId}`, { title: 'Llamar a Ana', contactId: ana, ownerId: org.user._id, dueAt })).status).toBe(200);
    // A second task, done before it falls due: cancelled.
    const doneId = randomUUID();
    await call(org, 'POST', '/tasks', { clientId: doneId, title: 'Enviar propuesta', contactId: ana, ownerId: org.user._id, dueAt: new Date(Date.now() + 1500).toISOString() });
    expect((await call(org, 'PUT', `/tasks/${doneId}/done`, { done: true })).body.data.done).toBe(true);

    const inbox = async () =>
      (await app.ctx.db.selectFrom('notifications').selectAll().where('user_id', '=', org.user._id).execute()).filter((n) => n.type === 'contactsTask');
    let found: Awaited<ReturnType<typeof inbox>> = [];
    for (let i = 0; i < 100 && found.length === 0; i++) {
      await sleep(200);
      found = await inbox();
    }
    expect(found).toHaveLength(1);
    expect(found[0].message).toBe('Recordatorio: vence la tarea «Llamar a Ana».');
    await sleep(1500);
    expect(await inbox()).toHaveLength(1);

    // Listed on the contact's detail page; hidden from another organizer.
    const ofContact = await call(org, 'GET', `/tasks?contactId=${ana}&page=0&pageSize=10`);
    expect(ofContact.body.rows.map((r: { title: string }) => r.title).sort()).toEqual(['Enviar propuesta', 'Llamar a Ana']);
    expect((await call(org, 'GET', `/tasks?status=open&page=0&pageSize=10`)).body.rowCount).toBe(1);
    expect((await call(stranger, 'GET', '/tasks?page=0&pageSize=10')).body.rowCount).toBe(0);
    expect((await call(stranger, 'PUT', `/tasks/${taskId}/done`, { done: true })).status).toBe(404);
    expect((await call(org, 'DELETE', `/tasks/${taskId}`)).status).toBe(200);
    expect((await call(org, 'GET', `/tasks?page=0&pageSize=10`)).body.rowCount).toBe(1);
  });

  it("assigns a task to a member of the organizer's team, and to nobody outside it", async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Equipo' });
    const owner = eventsClient(app.url, org);
    const ev = (await createEvent(owner)).data;
    const member = await signUpVerified(app, { displayName: 'Colaboradora Ventas' });
    expect((await owner.post(`/event/${ev._id}/collaborator`, { email: member.email, module: 'settings', role: 'administrator' })).body.data.status).toBe('granted');
    let owners: { _id: string; name: string }[] = [];
    for (let i = 0; i < 50 && owners.length < 2; i++) {
      owners = (await call(org, 'GET', '/tasks/owners')).body.data;
      if (owners.length < 2) await sleep(100);
    }
    expect(owners).toEqual([{ _id: org.user._id, name: 'Organizadora Equipo' }, { _id: member.user._id, name: 'Colaboradora Ventas' }]);
    const task = await call(org, 'POST', '/tasks', { clientId: randomUUID(), title: 'Revisar inscritos', ownerId: member.user._id, dueAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(task.status).toBe(201);
    expect(task.body.data).toMatchObject({ ownerId: member.user._id, ownerName: 'Colaboradora Ventas', contactId: null });
    // The member's own organizer-level CRM has no such owner: teams are per organizer.
    expect((await call(member, 'GET', '/tasks/owners')).body.data).toEqual([{ _id: member.user._id, name: 'Colaboradora Ventas' }]);
  });

  it('erases a contact: the read model drops it, the audit and "as of" show "dato suprimido", the e-mail is free again', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Supresión' });
    const id = await contact(org, { name: 'Eva Secreta', email: 'eva@correo.pe', phone: '+51911222333', consent: { email: { status: 'granted', source: 'web' } } });
    const t0 = new Date().toISOString();
    await sleep(30);
    expect((await call(org, 'PUT', `/contacts/${id}`, { name: 'Eva Secreta Ríos', email: 'eva@correo.pe', phone: '+51911222333' })).status).toBe(200);
    const erased = await call(org, 'POST', `/contacts/${id}/erase`, {});
    expect(erased.status).toBe(200);
    expect((await call(org, 'POST', `/contacts/${id}/erase`, {})).status).toBe(200);
    expect((await call(org, 'GET', `/contacts/${id}`)).status).toBe(404);

    const asOf = await call(org, 'GET', `/contact/${id}/asOf?at=${encodeURIComponent(t0)}`);
    expect(asOf.body.data.exists).toBe(true);
    expect(asOf.body.data.record).toMatchObject({ name: 'dato suprimido', email: 'dato suprimido', phone: 'dato suprimido' });
    const diff = await call(org, 'GET', `/contact/${id}/diff?from=${encodeURIComponent(t0)}&to=${encodeURIComponent(new Date(Date.now() - 1).toISOString())}`);
    expect(JSON.stringify(diff.body)).not.toMatch(/Eva|eva@/);
    const audit = await call(org, 'GET', `/audit?entityId=${id}&page=0&pageSize=50`);
    expect(audit.body.rows.map((r: { action: string }) => r.action)).toContain('erased');
    expect(JSON.stringify(audit.body)).not.toMatch(/Eva|eva@|911222333/);
    const nameRows = audit.body.rows.filter((r: { field: string }) => r.field === 'name');
    expect(nameRows.map((r: { action: string; before: unknown; after: unknown }) => [r.action, r.before, r.after]).sort()).toEqual([
      ['changed', 'dato suprimido', 'dato suprimido'],
      ['created', null, 'dato suprimido'],
    ]);

    // The e-mail is free for a new contact.
    await contact(org, { name: 'Eva Nueva', email: 'eva@correo.pe' });
    // Another organizer cannot erase.
    const other = await signUp(app.url, { displayName: 'Otra' });
    expect((await call(other, 'POST', `/contacts/${id}/erase`, {})).status).toBe(404);
  });

  it('adds each contact to a static list once when many additions race (the versioned append decides them in turn)', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Carrera' });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await contact(org, { name: `Carrera ${i}` }));
    const listId = randomUUID();
    expect((await call(org, 'POST', '/groups', { clientId: listId, name: 'Carrera', kind: 'static' })).status).toBe(201);
    // Eight requests at once, each naming an overlapping window of the same six contacts.
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => call(org, 'POST', `/groups/${listId}/members`, { contactIds: [ids[i % 6], ids[(i + 1) % 6], ids[(i + 2) % 6]] })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const added = (await app.ctx.store.readStream(`contacts-group-${listId}`)).flatMap((e) => (e.type === 'contacts.GroupMembersAdded' ? (e.data as { contactIds: string[] }).contactIds : []));
    // Without the expected-version check two requests deciding on the same state would both add the same contact.
    expect(added.sort()).toEqual([...ids].sort());
    expect(results.reduce((n, r) => n + r.body.data.added, 0)).toBe(6);
    expect((await call(org, 'GET', `/groups/${listId}`)).body.data.members).toBe(6);
    // A deleted contact leaves the list's count and members at once.
    expect((await call(org, 'DELETE', `/contacts/${ids[0]}`)).status).toBe(200);
    expect((await call(org, 'GET', `/groups/${listId}`)).body.data.members).toBe(5);
    expect((await call(org, 'GET', `/groups/${listId}/members?page=0&pageSize=10`)).body.rowCount).toBe(5);
  });

  it('reports contacts by source, growth, consent rates and campaigns', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Reporte' });
    await contact(org, { name: 'R1', consent: { email: { status: 'granted', source: 'Feria' }, whatsapp: { status: 'withdrawn', source: 'Feria' } } });
    await contact(org, { name: 'R2', consent: { email: { status: 'granted', source: 'Feria' } } });
    await contact(org, { name: 'R3' });
    const r = await call(org, 'GET', '/report?period=week');
    expect(r.status).toBe(200);
    expect(r.body.data.bySource).toEqual([{ source: 'Feria', contacts: 2 }, { source: 'manual', contacts: 1 }]);
    expect(r.body.data.growth).toHaveLength(24);
    expect(r.body.data.growth.at(-1).contacts).toBe(3);
    expect(r.body.data.consent[0]).toMatchObject({ channel: 'email', granted: 2, withdrawn: 0, none: 1 });
    expect(r.body.data.consent[1]).toMatchObject({ channel: 'whatsapp', granted: 0, withdrawn: 1, none: 2 });
    expect(r.body.data.campaigns).toEqual([]);
    expect((await call(org, 'GET', '/report?period=year')).status).toBe(400);
  });
});
