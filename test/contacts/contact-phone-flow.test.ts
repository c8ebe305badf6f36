import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';
import { contactsCall } from './api.js';

// One person, one contact per organizer by phone (issue 22): phones normalised to E.164 with libphonenumber-js
// (Peru by default) and reserved per organizer like the e-mail, moved on a change and released on delete.
const app = useTestApp({ parts: { workers: false } });

const call = (user: SignedUpUser, method: string, path: string, body?: unknown, client?: string) => contactsCall(app.api, user, method, path, body, client);

describe('contacts matched by phone', { timeout: 60_000 }, () => {
  it('stores the phone as E.164, refuses the same number written another way, moves and releases it', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Teléfonos' });
    const first = randomUUID();
    const created = await call(org, 'POST', '/contacts', { clientId: first, name: 'Rosa Quispe', phone: '987 654 321' });
    expect(created.status).toBe(201);
    expect((await call(org, 'GET', `/contacts/${first}`)).body.data).toMatchObject({ phone: '+51987654321' });

    const twin = await call(org, 'POST', '/contacts', { clientId: randomUUID(), name: 'Rosa Q.', email: 'rosa@correo.pe', phone: '+51 (987) 654-321' });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ status: 409, code: 'CONTACT_PHONE_TAKEN', messagePublic: 'Ya existe un contacto con el teléfono +51987654321.' });

    const invalid = await call(org, 'POST', '/contacts', { clientId: randomUUID(), name: 'Número corto', phone: '98765' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('PHONE_INVALID');

    // A change moves the reservation in the same append: the old number is free, the new one taken.
    expect((await call(org, 'PUT', `/contacts/${first}`, { name: 'Rosa Quispe', phone: '+51911222333' })).status).toBe(200);
    const second = randomUUID();
    expect((await call(org, 'POST', '/contacts', { clientId: second, name: 'Luis Mamani', phone: '987654321' })).status).toBe(201);
    const taken = await call(org, 'PUT', `/contacts/${second}`, { name: 'Luis Mamani', phone: '911 222 333' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('CONTACT_PHONE_TAKEN');

    // Deleting releases the number; another organizer is never blocked by this one's phones.
    expect((await call(org, 'DELETE', `/contacts/${first}`)).status).toBe(200);
    expect((await call(org, 'PUT', `/contacts/${second}`, { name: 'Luis Mamani', phone: '911 222 333' })).status).toBe(200);
    const other = await signUp(app.url, { displayName: 'Otra Organizadora' });
    expect((await call(other, 'POST', '/contacts', { clientId: randomUUID(), name: 'Luis M.', phone: '+51911222333' })).status).toBe(201);
  });

  it('lets one of many simultaneous creations with the same phone through', async () => {
    const org = await signUp(app.url, { displayName: 'Carrera Teléfonos' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(org, 'POST', '/contacts', { clientId: randomUUID(), name: `Duplicado ${i}`, email: `dup${i}@correo.pe`, phone: i % 2 ? '987000111' : '+51 987 000 111' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'CONTACT_PHONE_TAKEN')).toBe(true);
  });
});
