import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recordInflow } from '../../src/commands/contacts/inflow.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { bearer, signUp, type SignedUpUser } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';

// recordInflow (issue 22): the entry point other modules (sales, business conference, exhibitors) call to upsert
// the organizer's contact by e-mail or phone, with a consent only when the person gave it; a repeat is one write.
const app = useTestApp({ parts: { workers: false } });

async function call(user: SignedUpUser, method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.api}/contacts/${user.user._id}${path}`, {
    method,
    headers: { ...bearer(user.token), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('recordInflow', { timeout: 60_000 }, () => {
  it('creates a new person, completes a known one matched by phone, never grants consent not given, and repeats are one write', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Inflow' });
    const clientId = org.user._id;
    const settle = async (p: string | null) => {
      if (p) await waitForPosition(app.ctx.db, app.ctx.store, p);
    };

    // A buyer who accepted e-mail news at checkout: created with that consent only.
    const first = await recordInflow(app.ctx, { clientId, source: 'sales', key: 'order-1:ticket-1', person: { name: 'Carla Rojas', email: 'Carla@Correo.pe', phone: '987 555 444', consent: { email: { status: 'granted', source: 'checkout' } } } });
    await settle(first.position);
    expect(first.created).toBe(true);
    const again = await recordInflow(app.ctx, { clientId, source: 'sales', key: 'order-1:ticket-1', person: { name: 'Carla Rojas', email: 'carla@correo.pe', phone: '987555444', consent: { email: { status: 'granted', source: 'checkout' } } } });
    await settle(again.position);
    expect(again.contactId).toBe(first.contactId);
    let grid = await call(org, 'GET', '/contacts');
    expect(grid.body.rowCount).toBe(1);
    const contact = (await call(org, 'GET', `/contacts/${first.contactId}`)).body.data;
    expect(contact).toMatchObject({ name: 'Carla Rojas', email: 'carla@correo.pe', phone: '+51987555444' });
    expect(contact.consent.email).toMatchObject({ status: 'granted', source: 'checkout' });
    expect(contact.consent.whatsapp).toBeNull();

    // A business-conference participant with the same phone and no consent: the known contact is completed, not duplicated, and no consent appears.
    const manual = randomUUID();
    expect((await call(org, 'POST', '/contacts', { clientId: manual, name: 'Jorge Soto', phone: '+51 911 000 222' })).status).toBe(201);
    const bc = await recordInflow(app.ctx, { clientId, source: 'businessConference', key: 'participant-7', person: { name: 'J. Soto', email: 'jorge@empresa.pe', phone: '911000222' } });
    await settle(bc.position);
    expect(bc).toMatchObject({ contactId: manual, created: false });
    const jorge = (await call(org, 'GET', `/contacts/${manual}`)).body.data;
    expect(jorge).toMatchObject({ name: 'Jorge Soto', email: 'jorge@empresa.pe', phone: '+51911000222' });
    expect(jorge.consent).toEqual({ email: null, whatsapp: null });
    grid = await call(org, 'GET', '/contacts');
    expect(grid.body.rowCount).toBe(2);

    // Another organizer's inflow of the same person is its own contact; neither sees the other's.
    const other = await signUp(app.url, { displayName: 'Otra Organizadora' });
    const theirs = await recordInflow(app.ctx, { clientId: other.user._id, source: 'sales', key: 'order-1:ticket-1', person: { name: 'Carla Rojas', email: 'carla@correo.pe' } });
    await settle(theirs.position);
    expect(theirs.contactId).not.toBe(first.contactId);
    expect((await call(other, 'GET', '/contacts')).body.rowCount).toBe(1);
    expect((await call(org, 'GET', '/contacts')).body.rowCount).toBe(2);
  });
});
