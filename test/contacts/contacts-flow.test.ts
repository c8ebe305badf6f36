import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUpUser } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { recordsProjection } from '../../src/projections/contacts/records.js';

// The contacts module over HTTP (issue 22, first slice): contacts and companies of one organizer with custom
// fields, one contact per e-mail, idempotent retries, the owner-only guard, the audit, "as of" and the CSV export.
const app = useTestApp({ parts: { workers: false } });

async function call(user: SignedUpUser, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.api}/contacts/${user.user._id}${path}`, {
    method,
    headers: { ...bearer(user.token), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json, text, headers: res.headers };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('contacts over HTTP', { timeout: 60_000 }, () => {
  it('creates, edits and audits contacts with custom fields; refuses a second contact with the same e-mail; retries are one write', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora CRM' });
    const defined = await call(org, 'PUT', '/fields/contact', {
      fields: [
        { key: 'talla', label: 'Talla', type: 'choice', required: true, options: ['S', 'M', 'L'] },
        { key: 'edad', label: 'Edad', type: 'number' },
      ],
    });
    expect(defined.status).toBe(200);
    expect((await call(org, 'GET', '/fields/contact')).body.data.map((f: { key: string }) => f.key)).toEqual(['talla', 'edad']);

    // Custom field validation, in Spanish, per field.
    const missing = await call(org, 'POST', '/contacts', { clientId: randomUUID(), name: 'Sin Talla', email: 'sintalla@correo.pe', fields: { edad: 'mucho' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { path: 'fields.talla', message: 'El campo «Talla» es obligatorio.' },
      { path: 'fields.edad', message: 'El campo «Edad» debe ser un número.' },
    ]);
    const badPhone = await call(org, 'POST', '/contacts', { clientId: randomUUID(), name: 'Tel', phone: '987', fields: { talla: 'S' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.code).toBe('PHONE_INVALID');

    // A company, then a contact in it.
    const companyId = randomUUID();
    const company = await call(org, 'POST', '/companies', { clientId: companyId, name: 'Comercial Andina SAC', website: 'andina.pe' });
    expect(company.status).toBe(201);
    const contactId = randomUUID();
    const body = {
      clientId: contactId,
      name: 'José Pérez',
      email: 'Jose.Perez@Correo.pe',
      phone: '+51 987 654 321',
      companyId,
      consent: { email: { status: 'granted', source: 'Formulario web' } },
      fields: { talla: 'M', edad: 41 },
    };
    const created = await call(org, 'POST', '/contacts', body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ _id: contactId, email: 'jose.perez@correo.pe', phone: '+51987654321', companyName: 'Comercial Andina SAC', fields: { talla: 'M', edad: 41 } });
    expect(created.body.data.consent.email).toMatchObject({ status: 'granted', source: 'Formulario web' });
    // The same client id again: the same contact, nothing appended.
    const retried = await call(org, 'POST', '/contacts', body);
    expect(retried.status).toBe(201);
    expect(retried.body.data._id).toBe(contactId);
    // An Idempotency-Key retry of an edit answers the first response.
    const key = randomUUID();
    const edit = { ...body, clientId: undefined, name: 'José Pérez Díaz', fields: { talla: 'L', edad: 41 } };
    const first = await call(org, 'PUT', `/contacts/${contactId}`, edit, { 'Idempotency-Key': key });
    const second = await call(org, 'PUT', `/contacts/${contactId}`, edit, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.data).toMatchObject({ name: 'José Pérez Díaz', fields: { talla: 'L', edad: 41 }, version: 1 });

    // One person is one contact per organizer: the same e-mail (any case) is refused in Spanish.
    const twin = await call(org, 'POST', '/contacts', { clientId: randomUUID(), name: 'Otro José', email: 'JOSE.PEREZ@correo.pe', fields: { talla: 'S' } });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ code: 'CONTACT_EMAIL_TAKEN', messagePublic: 'Ya existe un contacto con el correo jose.perez@correo.pe.' });
    // ... but another organizer may have the same person.
    const other = await signUp(app.url, { displayName: 'Otro Organizador' });
    expect((await call(other, 'POST', '/contacts', { clientId: randomUUID(), name: 'José', email: 'jose.perez@correo.pe' })).status).toBe(201);

    // The audit: who, when, before and after, newest first.
    const audit = await call(org, 'GET', '/audit?pageSize=100');
    expect(audit.status).toBe(200);
    const nameChange = audit.body.rows.find((r: { field: string; action: string }) => r.field === 'name' && r.action === 'changed');
    expect(nameChange).toMatchObject({ entity: 'contact', entityId: contactId, entityName: 'José Pérez Díaz', before: 'José Pérez', after: 'José Pérez Díaz', byName: 'Organizadora CRM' });
    expect(audit.body.rows.find((r: { field: string; action: string }) => r.field === 'fields.talla' && r.action === 'changed')).toMatchObject({ before: 'M', after: 'L' });
    expect(audit.body.rows.some((r: { entity: string; action: string }) => r.entity === 'company' && r.action === 'created')).toBe(true);
    // Only this organizer's rows.
    expect((await call(other, 'GET', '/audit?pageSize=100')).body.rows.every((r: { entityName: string }) => r.entityName === 'José')).toBe(true);
  });

  it('shows a contact as it stood at a past instant and the difference between two instants', async () => {
    const org = await signUp(app.url, { displayName: 'Auditora' });
    const id = randomUUID();
    expect((await call(org, 'POST', '/contacts', { clientId: id, name: 'Ana Torres', email: 'ana@correo.pe' })).status).toBe(201);
    await sleep(30);
    const between = new Date().toISOString();
    await sleep(30);
    expect((await call(org, 'PUT', `/contacts/${id}`, { name: 'Ana Torres Ríos', email: 'ana.torres@correo.pe', phone: '+51911222333' })).status).toBe(200);

    const before = await call(org, 'GET', `/contact/${id}/asOf?at=${encodeURIComponent(between)}`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ exists: true, version: 0, record: { name: 'Ana Torres', email: 'ana@correo.pe', phone: null } });
    const now = await call(org, 'GET', `/contact/${id}/asOf?at=${encodeURIComponent(new Date().toISOString())}`);
    expect(now.body.data).toMatchObject({ version: 1, record: { name: 'Ana Torres Ríos', email: 'ana.torres@correo.pe' } });
    const beforeBirth = await call(org, 'GET', `/contact/${id}/asOf?at=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`);
    expect(beforeBirth.body.data).toMatchObject({ exists: false, record: null, version: -1 });

    const diff = await call(org, 'GET', `/contact/${id}/diff?from=${encodeURIComponent(between)}&to=${encodeURIComponent(new Date().toISOString())}`);
    expect(diff.body.data.changes).toEqual([
      { field: 'email', before: 'ana@correo.pe', after: 'ana.torres@correo.pe' },
      { field: 'name', before: 'Ana Torres', after: 'Ana Torres Ríos' },
      { field: 'phone', before: null, after: '+51911222333' },
    ]);
    // The old e-mail was released: a new contact may take it.
    expect((await call(org, 'POST', '/contacts', { clientId: randomUUID(), name: 'Ana (otra)', email: 'ana@correo.pe' })).status).toBe(201);

    // Deleted: the grid forgets it, the log remembers it.
    expect((await call(org, 'DELETE', `/contacts/${id}`)).status).toBe(200);
    expect((await call(org, 'DELETE', `/contacts/${id}`)).status).toBe(200);
    expect((await call(org, 'GET', `/contacts/${id}`)).status).toBe(404);
    expect((await call(org, 'GET', `/contact/${id}/asOf?at=${encodeURIComponent(between)}`)).body.data.record.name).toBe('Ana Torres');
  });

  it('keeps one organizer out of another’s contacts', async () => {
    const a = await signUp(app.url, { displayName: 'Organizador A' });
    const b = await signUp(app.url, { displayName: 'Organizador B' });
    const id = randomUUID();
    expect((await call(a, 'POST', '/contacts', { clientId: id, name: 'Cliente de A' })).status).toBe(201);
    for (const path of ['/contacts', `/contacts/${id}`, '/audit', '/fields/contact', `/contact/${id}/asOf?at=${encodeURIComponent(new Date().toISOString())}`, '/contacts/export']) {
      const res = await fetch(`${app.api}/contacts/${a.user._id}${path}`, { headers: bearer(b.token) });
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { messagePublic: string }).messagePublic).toBe('No tienes acceso a los contactos de este organizador.');
    }
    expect((await fetch(`${app.api}/contacts/${a.user._id}/contacts`)).status).toBe(401);
    // B's own client does not see A's contact either.
    expect((await call(b, 'GET', `/contacts/${id}`)).status).toBe(404);
    expect((await call(b, 'PUT', `/contacts/${id}`, { name: 'Robado' })).status).toBe(404);
  });

  it('searches accent-blind, exports the current view as CSV and deletes only empty companies', async () => {
    const org = await signUp(app.url, { displayName: 'Exportadora' });
    const companyId = randomUUID();
    await call(org, 'POST', '/companies', { clientId: companyId, name: 'Pesquera Ñandú' });
    await call(org, 'POST', '/contacts', { clientId: randomUUID(), name: 'Martín Gómez', email: 'martin@correo.pe', companyId });
    await call(org, 'POST', '/contacts', { clientId: randomUUID(), name: 'Lucía Quispe', email: 'lucia@correo.pe', consent: { whatsapp: { status: 'granted', source: 'Feria' } } });
    const consenting = await call(org, 'GET', '/contacts?filterField=whatsappConsent&filterOperator=is&filterValue=granted');
    expect(consenting.body.rows.map((r: { name: string }) => r.name)).toEqual(['Lucía Quispe']);
    const found = await call(org, 'GET', '/contacts?search=martin%20gomez');
    expect(found.body.rowCount).toBe(1);
    expect(found.body.rows[0].name).toBe('Martín Gómez');
    expect((await call(org, 'GET', '/contacts?search=nandu')).body.rows.map((r: { name: string }) => r.name)).toEqual(['Martín Gómez']);
    // Custom values are searched, their keys are not; a value left from another field type sorts instead of failing.
    await call(org, 'PUT', '/fields/contact', { fields: [{ key: 'ciudad', label: 'Ciudad', type: 'text' }] });
    await call(org, 'POST', '/contacts', { clientId: randomUUID(), name: 'Rosa Huamán', fields: { ciudad: 'Cusco' } });
    expect((await call(org, 'GET', '/contacts?search=cusco')).body.rows.map((r: { name: string }) => r.name)).toEqual(['Rosa Huamán']);
    expect((await call(org, 'GET', '/contacts?search=ciudad')).body.rowCount).toBe(0);
    await call(org, 'PUT', '/fields/contact', { fields: [{ key: 'ciudad', label: 'Ciudad', type: 'number' }] });
    const sorted = await call(org, 'GET', '/contacts?sortField=fields.ciudad&sortOrder=asc&filterField=fields.ciudad&filterOperator=isEmpty');
    expect(sorted.status).toBe(200);
    expect(sorted.body.rowCount).toBe(3);
    await call(org, 'PUT', '/fields/contact', { fields: [] });

    const csv = await call(org, 'GET', '/contacts/export?search=lucia&sortField=name&sortOrder=asc');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Nombre","Correo","Teléfono","Empresa","Consentimiento correo","Consentimiento WhatsApp","Creado"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Lucía Quispe","lucia@correo.pe"');

    const refused = await call(org, 'DELETE', `/companies/${companyId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.messagePublic).toBe('La empresa tiene 1 contacto(s). Quítalos de la empresa antes de eliminarla.');
  });

  it('lets one of many simultaneous creations with the same e-mail through (the per-organizer reservation)', async () => {
    const org = await signUp(app.url, { displayName: 'Carrera' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(org, 'POST', '/contacts', { clientId: randomUUID(), name: `Duplicado ${i}`, email: 'carrera@correo.pe' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'CONTACT_EMAIL_TAKEN')).toBe(true);
    expect((await call(org, 'GET', '/contacts?search=carrera')).body.rowCount).toBe(1);
  });

  it('rebuilds the contacts, companies and audit to the same rows', async () => {
    const rows = async () => ({
      contacts: await app.ctx.db.selectFrom('contacts_contacts').selectAll().orderBy('id').execute(),
      companies: await app.ctx.db.selectFrom('contacts_companies').selectAll().orderBy('id').execute(),
      audit: await app.ctx.db.selectFrom('contacts_audit').selectAll().orderBy('id').execute(),
    });
    const before = await rows();
    expect(before.audit.length).toBeGreaterThan(10);
    await rebuildProjection({ db: app.ctx.db, store: app.ctx.store }, recordsProjection);
    expect(await rows()).toEqual(before);
  });

  it('versions company edits, checks company fields and answers a company as it was', async () => {
    const org = await signUp(app.url, { displayName: 'Empresas' });
    const noOptions = await call(org, 'PUT', '/fields/company', { fields: [{ key: 'rubro', label: 'Rubro', type: 'choice', options: [] }] });
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.messagePublic).toBe('El campo «Rubro» necesita al menos una opción.');
    expect((await call(org, 'PUT', '/fields/company', { fields: [{ key: 'rubro', label: 'Rubro', type: 'multiChoice', options: ['Pesca', 'Minería'] }] })).status).toBe(200);

    const id = randomUUID();
    const created = await call(org, 'POST', '/companies', { clientId: id, name: 'Andes SAC', fields: { rubro: ['Minería'] } });
    expect(created.body.data).toMatchObject({ version: 0, fields: { rubro: ['Minería'] }, contacts: 0 });
    const wrong = await call(org, 'PUT', `/companies/${id}`, { name: 'Andes SAC', fields: { rubro: ['Agro'] } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'fields.rubro', message: 'El valor del campo «Rubro» no es una de sus opciones.' }]);
    await sleep(30);
    const between = new Date().toISOString();
    await sleep(30);
    expect((await call(org, 'PUT', `/companies/${id}`, { name: 'Andes Mining SAC', fields: { rubro: ['Pesca', 'Minería'] }, expectedVersion: 0 })).status).toBe(200);
    // An edit made on the old version is refused instead of overwriting the newer one.
    const stale = await call(org, 'PUT', `/companies/${id}`, { name: 'Andes SAC', fields: {}, expectedVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('WRONG_EXPECTED_VERSION');

    const then = await call(org, 'GET', `/company/${id}/asOf?at=${encodeURIComponent(between)}`);
    expect(then.body.data.record).toMatchObject({ name: 'Andes SAC', fields: { rubro: ['Minería'] } });
    const csv = await call(org, 'GET', '/companies/export');
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')[1]).toContain('"Andes Mining SAC"');
    expect(csv.text).toContain('"Pesca; Minería"');
    expect((await call(org, 'DELETE', `/companies/${id}`)).status).toBe(200);
    expect((await call(org, 'GET', `/company/${id}/asOf?at=${encodeURIComponent(new Date().toISOString())}`)).body.data).toMatchObject({ exists: false, deleted: true });
  });
});
