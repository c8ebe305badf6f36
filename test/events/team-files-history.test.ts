import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeAdministrator, signUp, uniqueEmail } from '../support/accounts.js';
import { client, createEvent, eventually, organizer, settle, signUpVerified, useEventsNode, ticketBody } from './helpers.js';
import { messages } from '../../src/messages/es.js';
import { markEmailVerified } from '../../src/commands/accounts/service.js';

// Smallest valid PNG (1x1) and a fake "image" whose bytes are text.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function upload(url: string, token: string, eventId: string, data: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('cover', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${url}/api/v2/event/${eventId}/cover`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
}

async function waitForMail(dataDir: string, needle: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  for (let i = 0; i < 100; i++) {
    const files = existsSync(dir) ? readdirSync(dir) : [];
    for (const f of files) {
      // Undo quoted-printable soft line breaks so links read whole.
      const text = readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '');
      if (text.includes(needle)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const files = existsSync(dir) ? readdirSync(dir) : [];
  throw new Error(`no mail containing ${needle} among ${files.length} files: ${files.map((f) => readFileSync(path.join(dir, f), 'utf8').slice(0, 2000)).join('\n----\n')}`);
}

describe('collaborators, cover upload, history and administration', () => {
  const t = useEventsNode();

  it('invites a verified account at once and a future one once it proves the e-mail', async () => {
    const a = await organizer(t.node.url, 'Ana Organizadora');
    const ev = (await createEvent(a)).data;
    const existing = await signUpVerified(t, { displayName: 'Carla Cajera' });
    const g = await a.post(`/event/${ev._id}/collaborator`, { email: existing.email.toUpperCase(), module: 'store', role: 'cash_register' });
    expect(g.status).toBe(201);
    expect(g.body.data).toMatchObject({ status: 'granted', userId: existing.user._id });
    const stream = await t.ctx.store.readStream(`events-event-${ev._id}`);
    expect(stream.at(-1)).toMatchObject({
      type: 'events.CollaboratorInvited',
      data: { eventId: ev._id, eventName: ev.eventName, inviteeUserId: existing.user._id, module: 'store', role: 'cash_register', invitedBy: a.user!.user._id },
    });

    const futureEmail = uniqueEmail('futura');
    const p = await a.post(`/event/${ev._id}/collaborator`, { email: futureEmail, module: 'businessConference', role: 'support' });
    expect(p.body.data).toMatchObject({ status: 'pending', userId: null });
    await settle(t, p.body.position);
    const team = await a.get(`/event/${ev._id}/collaborators`);
    expect(team.body.data.map((m: { displayName: string; owner: boolean }) => [m.displayName, m.owner])).toEqual([
      ['Ana Organizadora', true],
      ['Carla Cajera', false],
    ]);
    expect(team.body.pending).toEqual([expect.objectContaining({ module: 'businessConference', role: 'support', emailMasked: expect.stringMatching(/^f\*\*\*@example\.test$/) })]);
    expect(JSON.stringify(team.body)).not.toContain(futureEmail);

    // The invited person signs up later: an unproven e-mail gets nothing (not even by entering the module area)...
    const future = client(t.node.url, await signUp(t.node.url, { email: futureEmail, displayName: 'Futura Soporte' }));
    expect((await future.get(`/modules/${future.user!.user._id}?fecthEvents=true`)).body.data.modules).toEqual([]);
    expect((await future.get(`/event/${ev._id}`)).status).toBe(403);
    // ...until the e-mail is verified: the access module's claimer grants the pending invitation.
    await markEmailVerified(t.ctx, future.user!.user._id);
    let modules = await future.get(`/modules/${future.user!.user._id}?fecthEvents=true`);
    await eventually(async () => (modules = await future.get(`/modules/${future.user!.user._id}?fecthEvents=true`)).body.data.modules.length > 0);
    expect(modules.body.data.modules).toEqual([
      { module: 'businessConference', label: 'RUEDA DE NEGOCIOS', events: [expect.objectContaining({ _id: ev._id, role: 'support' })] },
    ]);
    const vr = await future.get(`/validateRole?client=${a.user!.user._id}&event=${ev.eventCode}&module=businessConference&page=/helpRequest`);
    expect(vr.status).toBe(200);
    expect(vr.body.data.data).toMatchObject({ role: { businessConference: 'support' }, event: { _id: ev._id, currency: 'PEN' }, businessConferences: [], exhibitorCompanys: [] });

    // Removing the collaborator takes the access away.
    const cashier = client(t.node.url, existing);
    expect((await cashier.get(`/event/${ev._id}/tickets`)).status).toBe(200);
    expect((await a.del(`/event/${ev._id}/collaborator/${existing.user._id}`)).status).toBe(200);
    expect((await cashier.get(`/event/${ev._id}/tickets`)).status).toBe(403);
    expect((await a.del(`/event/${ev._id}/collaborator/${a.user!.user._id}`)).body.code).toBe('OWNER_CANNOT_BE_REMOVED');
  });

  it('a pending invitation can be confirmed only by the invited e-mail', async () => {
    const a = await organizer(t.node.url);
    const ev = (await createEvent(a)).data;
    const email = uniqueEmail('invitada');
    const p = await a.post(`/event/${ev._id}/collaborator`, { email, module: 'settings', role: 'administrator' });
    const invitationId = p.body.data.invitationId;
    // No SMTP in tests: the invitation mail is written as an .eml file under <dataDir>/mail.
    const mail = await waitForMail(t.dataDir, invitationId);
    expect(mail).toContain(`To: ${email}`);
    expect(mail).toContain(`/confirm/invitation/${invitationId}`);
    const intruder = await organizer(t.node.url);
    expect((await intruder.get(`/event/${ev._id}?after=${p.body.position}`)).status).toBe(403);
    expect((await intruder.post(`/confirm/invitation/${invitationId}`)).status).toBe(403);
    const invited = client(t.node.url, await signUp(t.node.url, { email }));
    // An account that has not proved the e-mail cannot take the role with the link.
    const unverified = await invited.post(`/confirm/invitation/${invitationId}`);
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', messagePublic: messages.events.invitationEmailNotVerified });
    expect((await invited.get(`/event/${ev._id}`)).status).toBe(403);
    // Verified: the link works (or answers the claimer's grant, which used the same command id).
    await markEmailVerified(t.ctx, invited.user!.user._id);
    const ok = await invited.post(`/confirm/invitation/${invitationId}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ eventId: ev._id, module: 'settings', role: 'administrator' });
    expect((await invited.get(`/event/${ev._id}/collaborators?after=${ok.body.position}`)).status).toBe(200);
    // Used: the key of the e-mail kept in the log is shredded.
    const key = await t.ctx.db.selectFrom('pii_keys').select('subject_id').where('subject_id', '=', `event-invitation:${invitationId}`).executeTakeFirst();
    expect(key).toBeUndefined();
  });

  it('stores and serves a cover image; refuses non-images and other events', async () => {
    const a = await organizer(t.node.url);
    const ev = (await createEvent(a)).data;
    const up = await upload(t.node.url, a.user!.token, ev._id, PNG, 'portada.png', 'image/png');
    expect(up.status).toBe(200);
    expect(up.body.data.coverUrl).toMatch(new RegExp(`^/api/v2/files/events/${ev._id}/cover-[0-9a-f-]+\\.png$`));
    const files = readdirSync(path.join(t.dataDir, 'uploads', 'events', ev._id));
    expect(files).toHaveLength(1);
    const served = await fetch(`${t.node.url}${up.body.data.coverUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const fake = await upload(t.node.url, a.user!.token, ev._id, Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png');
    expect(fake).toMatchObject({ status: 400, body: { code: 'COVER_TYPE' } });
    const big = await upload(t.node.url, a.user!.token, ev._id, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'big.png', 'image/png');
    expect(big.status).toBe(413);
    expect((await fetch(`${t.node.url}/api/v2/files/events/${ev._id}/..%2F..%2Fsecret`)).status).toBe(404);
  });

  it('history lists who, when, what, before and after; the CSV has the same', async () => {
    const a = await organizer(t.node.url, 'Historiadora');
    const ev = (await createEvent(a, { venue: 'Lugar A' })).data;
    await a.put(`/event/${ev._id}`, { venue: 'Lugar B' });
    const tk = await a.post(`/event/${ev._id}/ticket`, ticketBody({ name: 'General', price: 0 }));
    await a.put(`/event/${ev._id}/ticket/${tk.body.data._id}`, { price: 12.5 });
    const pm = await a.post(`/event/${ev._id}/paymentMethod`, { kind: 'card', key: 'pk_h', secretKey: 'sk_very_secret' });
    await settle(t, pm.body.position); // user names come from the accounts read model
    const h = await a.get(`/event/${ev._id}/history`);
    expect(h.status).toBe(200);
    const venue = h.body.data.find((e: { type: string }) => e.type === 'events.EventDetailsChanged');
    expect(venue).toMatchObject({ userName: 'Historiadora', action: 'Datos del evento modificados', changes: [{ field: 'venue', before: 'Lugar A', after: 'Lugar B' }] });
    const price = h.body.data.find((e: { type: string }) => e.type === 'events.TicketTypeChanged');
    expect(price).toMatchObject({ subject: 'Entrada: General', changes: [{ field: 'price', before: 0, after: 12.5 }] });
    expect(h.body.data[h.body.data.length - 1].type).toBe('events.EventCreated');
    const csv = await a.get(`/event/${ev._id}/history.csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = csv.body as string;
    // The history page's words (web/src/i18n/es.json), shared through src/contracts/audit-labels.ts.
    expect(text.split('\r\n')[0]).toBe('"Cuándo","Quién","Qué","Elemento","Campo","Antes","Después"');
    // UTF-8 BOM so spreadsheets read the accents (fetch's text() strips it, so look at the bytes).
    const raw = await fetch(`${t.node.url}/api/v2/event/${ev._id}/history.csv`, { headers: { authorization: `Bearer ${a.user!.token}` } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toContain('"Historiadora","Datos del evento modificados","","Lugar","Lugar A","Lugar B"');
    expect(text).toContain('"Entrada: General","Precio","0","12.5"');
    expect(text).toContain('"Tipo","","Tarjeta');
    // Dates as the page shows them, in the event's time zone.
    expect(text.split('\r\n')[1]).toMatch(/^"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}","Historiadora",/);
    expect(text).not.toContain('sk_very_secret');
  });

  it('platform administration: dashboard counts and Data Grid paging, sorting and filtering', async () => {
    const adminUser = await signUp(t.node.url, { displayName: 'Admin Plataforma' });
    await makeAdministrator(t.ctx, adminUser.user._id);
    const admin = client(t.node.url, adminUser);
    const org = await organizer(t.node.url, 'Zoila Organizadora');
    const ev = await createEvent(org);
    await settle(t, ev.position);
    const d = await admin.get(`/admin/dashboard`);
    expect(d.status).toBe(200);
    expect(d.body.data.users).toBeGreaterThanOrEqual(2);
    expect(d.body.data.events).toBeGreaterThanOrEqual(1);
    const users = await admin.get('/admin/users?page=0&pageSize=2&sortField=displayName&sortOrder=asc');
    expect(users.body.rows).toHaveLength(2);
    expect(users.body.rowCount).toBe(d.body.data.users);
    const names = users.body.rows.map((r: { displayName: string }) => r.displayName);
    expect([...names].sort((x: string, y: string) => x.localeCompare(y))).toEqual(names);
    const filtered = await admin.get('/admin/users?filterField=displayName&filterOperator=contains&filterValue=zoila');
    expect(filtered.body.rows.map((r: { displayName: string }) => r.displayName)).toEqual(['Zoila Organizadora']);
    const orgs = await admin.get('/admin/organizers?filterField=events&filterOperator=>=&filterValue=1&sortField=events&sortOrder=desc');
    expect(orgs.body.rows.some((r: { displayName: string; events: number }) => r.displayName === 'Zoila Organizadora' && r.events === 1)).toBe(true);
    const bad = await admin.get('/admin/users?sortOrder=sideways');
    expect(bad.status).toBe(400);
    // Admins may look at any event but not change it.
    expect((await admin.get(`/event/${ev.data._id}`)).status).toBe(200);
    expect((await admin.put(`/event/${ev.data._id}`, { eventName: 'Cambiado' })).status).toBe(403);
  });

  it('platform administration: the grids\' text filters ignore case and accents, with every text operator', async () => {
    const adminUser = await signUp(t.node.url, { displayName: 'Admin Acentos' });
    await makeAdministrator(t.ctx, adminUser.user._id);
    const admin = client(t.node.url, adminUser);
    const olga = await organizer(t.node.url, 'Olga Pérez Núñez');
    const ev = await createEvent(olga);
    await settle(t, ev.position);
    const names = async (grid: string, operator: string, value: string) => {
      const res = await admin.get(`/admin/${grid}?filterField=displayName&filterOperator=${encodeURIComponent(operator)}&filterValue=${encodeURIComponent(value)}`);
      expect(res.status).toBe(200);
      return res.body.rows.map((r: { displayName: string }) => r.displayName) as string[];
    };
    for (const grid of ['users', 'organizers']) {
      expect(await names(grid, 'contains', 'perez')).toEqual(['Olga Pérez Núñez']);
      expect(await names(grid, 'contains', 'PEREZ NUÑEZ')).toEqual(['Olga Pérez Núñez']);
      expect(await names(grid, 'startsWith', 'OLGA PEREZ')).toEqual(['Olga Pérez Núñez']);
      expect(await names(grid, 'endsWith', 'nunez')).toEqual(['Olga Pérez Núñez']);
      expect(await names(grid, 'equals', 'olga perez nunez')).toEqual(['Olga Pérez Núñez']);
      expect(await names(grid, 'is', 'OLGA PÉREZ NUNEZ')).toEqual(['Olga Pérez Núñez']);
      expect(await names(grid, 'doesNotContain', 'Perez')).not.toContain('Olga Pérez Núñez');
      expect(await names(grid, 'doesNotEqual', 'olga perez nunez')).not.toContain('Olga Pérez Núñez');
      // LIKE's wildcards stay literal, also the full-width ones unaccent folds into '%' and '_'.
      expect(await names(grid, 'contains', '%')).toEqual([]);
      expect(await names(grid, 'startsWith', '＿')).toEqual([]);
    }
    expect(await names('users', 'doesNotContain', 'perez')).toContain('Admin Acentos');
  });
});
