import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUpUser } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';
import { contactsCall } from './api.js';

// Merging two contacts over HTTP (issue 22): the kept one takes the other's phone, company, custom values and the
// newer consent; the other leaves the grid, its phone moves with the merge, the audit says it; retries are one merge.
const app = useTestApp({ parts: { workers: false } });

const call = (user: SignedUpUser, method: string, path: string, body?: unknown, client?: string) => contactsCall(app.api, user, method, path, body, client);

describe('merging contacts', { timeout: 60_000 }, () => {
  it('keeps one contact with the other’s values, marks the other merged and audits both', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Fusiones' });
    expect((await call(org, 'PUT', '/fields/contact', { fields: [{ key: 'ciudad', label: 'Ciudad', type: 'text' }] })).status).toBe(200);
    const companyId = randomUUID();
    expect((await call(org, 'POST', '/companies', { clientId: companyId, name: 'Textiles Cusco SAC' })).status).toBe(201);
    const keep = randomUUID();
    const other = randomUUID();
    expect((await call(org, 'POST', '/contacts', { clientId: keep, name: 'Rosa Quispe', email: 'rosa@correo.pe', consent: { email: { status: 'granted', source: 'formulario' } } })).status).toBe(201);
    expect(
      (
        await call(org, 'POST', '/contacts', {
          clientId: other,
          name: 'Rosa Q.',
          phone: '987 222 333',
          companyId,
          fields: { ciudad: 'Cusco' },
          consent: { whatsapp: { status: 'granted', source: 'checkout' } },
        })
      ).status,
    ).toBe(201);

    const merged = await call(org, 'POST', `/contacts/${keep}/merge`, { otherId: other });
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ _id: keep, name: 'Rosa Quispe', email: 'rosa@correo.pe', phone: '+51987222333', companyName: 'Textiles Cusco SAC', fields: { ciudad: 'Cusco' } });
    // A retry is the same merge; the other is gone from the grid and refuses edits.
    expect((await call(org, 'POST', `/contacts/${keep}/merge`, { otherId: other })).status).toBe(200);
    const grid = await call(org, 'GET', '/contacts');
    expect(grid.body.rows.map((r: { _id: string }) => r._id)).toEqual([keep]);
    expect((await call(org, 'GET', `/contacts/${other}`)).status).toBe(404);
    expect((await call(org, 'PUT', `/contacts/${other}`, { name: 'Rosa Q.' })).status).toBe(404);

    // The phone moved with the merge: a new contact with it is refused.
    const taken = await call(org, 'POST', '/contacts', { clientId: randomUUID(), name: 'Otra Rosa', phone: '+51987222333' });
    expect(taken.body.code).toBe('CONTACT_PHONE_TAKEN');

    const audit = await call(org, 'GET', '/audit?pageSize=100');
    const rows = audit.body.rows as { entityId: string; action: string; field: string | null; after: unknown }[];
    expect(rows.filter((r) => r.action === 'merged' && r.entityId === other).map((r) => [r.field, r.after])).toEqual([['mergedInto', `Rosa Quispe (${keep})`]]);
    expect(rows.filter((r) => r.action === 'merged' && r.entityId === keep).map((r) => r.field).sort()).toEqual(['companyId', 'consent.whatsapp', 'fields.ciudad', 'mergedFrom', 'phone']);

    // Merging into itself, an unknown contact, or another organizer's contact is refused in Spanish.
    const self = await call(org, 'POST', `/contacts/${keep}/merge`, { otherId: keep });
    expect(self.status).toBe(400);
    expect(self.body.messagePublic).toBe('Elige dos contactos distintos para fusionarlos.');
    expect((await call(org, 'POST', `/contacts/${keep}/merge`, { otherId: randomUUID() })).status).toBe(404);
    const stranger = await signUp(app.url, { displayName: 'Otra Organizadora' });
    const theirs = randomUUID();
    expect((await call(stranger, 'POST', '/contacts', { clientId: theirs, name: 'Ajeno', email: 'ajeno@correo.pe' })).status).toBe(201);
    expect((await call(org, 'POST', `/contacts/${keep}/merge`, { otherId: theirs })).status).toBe(404);
    const forbidden = await fetch(`${app.api}/contacts/${org.user._id}/contacts/${keep}/merge`, {
      method: 'POST',
      headers: { ...bearer(stranger.token), 'content-type': 'application/json' },
      body: JSON.stringify({ otherId: theirs }),
    });
    expect(forbidden.status).toBe(403);
    expect((await call(stranger, 'GET', `/contacts/${theirs}`)).status).toBe(200);
  });
});
