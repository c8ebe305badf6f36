import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companiesOfEvent } from '../../src/projections/exhibitor/queries.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { useTestApp } from '../support/app.js';
import { client, createEvent, organizer, signUpVerified, type Client } from '../events/helpers.js';

const app = useTestApp();
const body = (over: Record<string, unknown> = {}) => ({ ruc: '20100070970', name: 'Café Andino SAC', sector: 'Alimentos', quantityExhibitors: 2, quantitySpeakers: 1, ...over });
const settle = async (position: string) => expect(await waitForPosition(app.ctx.db, app.ctx.store, position, { timeoutMs: 20_000 })).toBe(true);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function uploadLogo(c: Client, eventId: string, companyId: string, data: Buffer, name = 'logo.png') {
  const form = new FormData();
  form.append('logo', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${app.url}/api/v2/event/${eventId}/exhibitorCompanies/${companyId}/logo`, { method: 'POST', headers: { authorization: `Bearer ${c.user!.token}` }, body: form });
  return { status: res.status, body: await res.json() };
}

describe('exhibitor companies over HTTP', () => {
  it('the organizer registers, lists, edits a company and uploads its logo; retries answer once; errors are Spanish', async () => {
    const org = await organizer(app.url);
    const ev = (await createEvent(org)).data;
    const clientId = randomUUID();
    const created = await org.post(`/event/${ev._id}/exhibitorCompanies`, { ...body({ name: '  Café   Andino SAC ' }), clientId });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ _id: clientId, eventId: ev._id, ruc: '20100070970', name: 'Café Andino SAC', quantityExhibitors: 2, usedExhibitors: 0, version: 1 });
    const retry = await org.post(`/event/${ev._id}/exhibitorCompanies`, { ...body(), clientId });
    expect(retry.status).toBe(201);
    expect(retry.body.data.version).toBe(1);

    const bad = await org.post(`/event/${ev._id}/exhibitorCompanies`, { ...body({ ruc: '20100070971' }), clientId: randomUUID() });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, code: 'RUC_INVALID', messagePublic: 'El RUC no es válido: debe tener 11 dígitos y un dígito verificador correcto.' });
    const shape = await org.post(`/event/${ev._id}/exhibitorCompanies`, { ...body({ quantityExhibitors: -1 }), clientId: randomUUID() });
    expect(shape.status).toBe(400);
    expect(shape.body.messagePublic).toBeTruthy();

    await settle(created.body.position);
    const list = await org.get(`/event/${ev._id}/exhibitorCompanies`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { _id: string }) => c._id)).toEqual([clientId]);

    const edited = await org.put(`/event/${ev._id}/exhibitorCompanies/${clientId}`, { ...body({ ruc: '20601234565', quantitySpeakers: 4 }), expectedVersion: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ ruc: '20601234565', quantitySpeakers: 4, version: 2 });
    const stale = await org.put(`/event/${ev._id}/exhibitorCompanies/${clientId}`, { ...body({ name: 'Otra' }), expectedVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('COMPANY_STALE');
    // The old RUC was released by the edit: another company may take it now.
    const reuse = await org.post(`/event/${ev._id}/exhibitorCompanies`, { ...body({ name: 'Otra SAC' }), clientId: randomUUID() });
    expect(reuse.status).toBe(201);

    const logo = await uploadLogo(org, ev._id, clientId, PNG);
    expect(logo.status).toBe(200);
    expect(logo.body.data.logoUrl).toMatch(new RegExp(`^/api/v2/files/exhibitor/${clientId}/logo-.+\\.png$`));
    const served = await fetch(`${app.url}${logo.body.data.logoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const notImage = await uploadLogo(org, ev._id, clientId, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg');
    expect(notImage).toMatchObject({ status: 400, body: { code: 'LOGO_TYPE', messagePublic: 'El logo debe ser una imagen JPEG, PNG o WebP.' } });
    const tooLarge = await uploadLogo(org, ev._id, clientId, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(tooLarge).toMatchObject({ status: 413, body: { code: 'LOGO_TOO_LARGE', messagePublic: 'El logo puede pesar hasta 1 MB.' } });

    const missing = await org.get(`/event/${ev._id}/exhibitorCompanies/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.messagePublic).toBe('La empresa expositora no existe en este evento.');
  });

  it('one RUC per event: eight simultaneous registrations of one RUC, one wins; another event may use it', async () => {
    const org = await organizer(app.url);
    const ev = (await createEvent(org)).data;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => org.post(`/event/${ev._id}/exhibitorCompanies`, { ...body({ name: `Empresa ${i}` }), clientId: randomUUID() })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.body.code === 'RUC_TAKEN' && r.body.messagePublic === 'Ya hay una empresa con el RUC 20100070970 en este evento.')).toBe(true);
    const won = results.find((r) => r.status === 201)!;
    await settle(won.body.position);
    expect(await companiesOfEvent(app.ctx.db, ev._id)).toHaveLength(1);
    const other = (await createEvent(org)).data;
    expect((await org.post(`/event/${other._id}/exhibitorCompanies`, { ...body(), clientId: randomUUID() })).status).toBe(201);
  });

  it('another organizer and a plain attendee are refused; an id of another event is a 409', async () => {
    const org = await organizer(app.url);
    const ev = (await createEvent(org)).data;
    const companyId = randomUUID();
    const created = await org.post(`/event/${ev._id}/exhibitorCompanies`, { ...body(), clientId: companyId });
    await settle(created.body.position);
    const other = await organizer(app.url, 'Otra organizadora');
    const attendee = client(app.url, await signUpVerified(app, { displayName: 'Asistente' }));
    for (const c of [other, attendee]) {
      expect((await c.get(`/event/${ev._id}/exhibitorCompanies`)).status).toBe(403);
      expect((await c.get(`/event/${ev._id}/exhibitorCompanies/${companyId}`)).status).toBe(403);
      expect((await c.put(`/event/${ev._id}/exhibitorCompanies/${companyId}`, body({ name: 'Mía' }))).status).toBe(403);
      expect((await c.post(`/event/${ev._id}/exhibitorCompanies`, { ...body({ ruc: '20601234565' }), clientId: randomUUID() })).status).toBe(403);
    }
    // The other organizer's own event cannot reach the company through its id.
    const own = (await createEvent(other)).data;
    expect((await other.get(`/event/${own._id}/exhibitorCompanies/${companyId}`)).status).toBe(404);
    expect((await other.put(`/event/${own._id}/exhibitorCompanies/${companyId}`, body({ name: 'Mía' }))).status).toBe(404);
    const steal = await other.post(`/event/${own._id}/exhibitorCompanies`, { ...body(), clientId: companyId });
    expect(steal.status).toBe(409);
    expect((await companiesOfEvent(app.ctx.db, ev._id))[0].name).toBe('Café Andino SAC');
    expect((await client(app.url).get(`/event/${ev._id}/exhibitorCompanies`)).status).toBe(401);
  });
});
