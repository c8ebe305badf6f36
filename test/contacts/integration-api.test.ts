// settings/integration (issue 22): API keys (shown once, hashed, revocable, last use), the public push endpoint
// (Spanish 401s, Idempotency-Key, source api, per organizer), and webhooks delivered signed to a local HTTP
// server, with a refused delivery to internal addresses (SSRF) logged on the page's data.
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyHash } from '../../src/commands/contacts/integration.js';
import { isPublicAddress, publicAddressOf, RefusedAddressError } from '../../src/workers/contacts/webhook-address.js';
import { useTestApp } from '../support/app.js';
import { organizer } from '../events/helpers.js';

// The delivery job runs in this process and reads the allow-list per call: the local server at 127.0.0.1 only.
process.env.CONTACTS_WEBHOOK_ALLOW_ADDRESSES = '127.0.0.1';
const app = useTestApp();

type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let hookServer: http.Server;
let hookUrl = '';
let answer = 200;
beforeAll(async () => {
  hookServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answer;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hooks/aforo`;
});
afterAll(() => new Promise<void>((r) => hookServer.close(() => r())));

const push = (key: string | null, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.api}/integration/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

describe('CRM integration', { timeout: 120_000 }, () => {
  it('API keys: shown once, stored hashed, push contacts idempotently as source api, refused once revoked (Spanish 401)', async () => {
    const org = await organizer(app.url, 'Organizadora API');
    const clientId = org.user!.user._id;
    const base = `/contacts/${clientId}/integration`;
    const keyId = randomUUID();
    const created = await org.post(`${base}/keys`, { clientId: keyId, name: 'Formulario web' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const key: string = created.body.data.key;
    expect(key).toMatch(/^afk_[A-Za-z0-9_-]{43}$/);
    // A retry of the same creation does not show the key again; the table holds only its hash.
    expect((await org.post(`${base}/keys`, { clientId: keyId, name: 'Formulario web' })).body.data.key).toBeNull();
    const row = await app.ctx.db.selectFrom('contacts_api_keys').selectAll().where('id', '=', keyId).executeTakeFirstOrThrow();
    expect(row.hash).toBe(apiKeyHash(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect((await org.post(`${base}/keys`, { clientId: randomUUID(), name: '  ' })).body).toMatchObject({ messagePublic: 'Escribe un nombre para la clave de API.' });

    // Bad or missing key: 401 in Spanish.
    for (const bad of [null, 'afk_nada', key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')]) {
      const r = await push(bad, { name: 'X', email: 'x@correo.pe' });
      expect(r.status).toBe(401);
      expect(r.body.messagePublic).toBe('La clave de API no es válida o fue revocada. Revisa el encabezado Authorization: Bearer <clave>.');
    }
    expect((await org.get(base)).body.data.keys[0]).toMatchObject({ _id: keyId, name: 'Formulario web', lastUsedAt: null, revokedAt: null });

    const email = `lead.${randomUUID().slice(0, 8)}@correo.pe`;
    const idem = randomUUID();
    const first = await push(key, { name: 'Lucía Lead', email, consent: { email: { status: 'granted', source: 'Formulario web' } } }, { 'idempotency-key': idem });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ name: 'Lucía Lead', email, source: 'api', consent: { email: { status: 'granted', source: 'Formulario web' }, whatsapp: null } });
    const again = await push(key, { name: 'Lucía Lead', email, consent: { email: { status: 'granted', source: 'Formulario web' } } }, { 'idempotency-key': idem });
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(first.body.data._id);
    expect((await org.get(`/contacts/${clientId}/contacts`)).body.rowCount).toBe(1);
    const noPerson = await push(key, { name: 'Sin datos' });
    expect(noPerson.status).toBe(400);
    expect(noPerson.body.messagePublic).toBe('Envía al menos el correo o el teléfono del contacto.');
    expect((await push(key, { email: 'sin-nombre@correo.pe' })).status).toBe(400);
    expect((await org.get(base)).body.data.keys[0].lastUsedAt).toBeTruthy();

    // Another organizer sees neither the contact nor the keys, and cannot revoke them.
    const other = await organizer(app.url, 'Otra');
    expect((await other.get(`/contacts/${other.user!.user._id}/contacts`)).body.rowCount).toBe(0);
    expect((await other.get(base)).status).toBe(403);
    expect((await other.del(`${base}/keys/${keyId}`)).status).toBe(403);

    expect((await org.del(`${base}/keys/${keyId}`)).status).toBe(200);
    expect((await push(key, { name: 'Tarde', email: 'tarde@correo.pe' })).status).toBe(401);
    expect((await org.get(base)).body.data.keys[0].revokedAt).toBeTruthy();
  });

  it('webhooks: signed deliveries of contact changes to a local server; internal addresses refused and logged', async () => {
    const org = await organizer(app.url, 'Organizadora Webhooks');
    const clientId = org.user!.user._id;
    const base = `/contacts/${clientId}/integration`;
    const hookId = randomUUID();
    const added = await org.post(`${base}/webhooks`, { clientId: hookId, url: hookUrl, events: ['contact.created', 'contact.updated'] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const secret: string = added.body.data.secret;
    expect(secret).toMatch(/^whsec_/);
    const stored = await app.ctx.db.selectFrom('contacts_webhooks').selectAll().where('id', '=', hookId).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
    const internal = randomUUID();
    expect((await org.post(`${base}/webhooks`, { clientId: internal, url: 'http://169.254.169.254/latest/meta-data', events: ['contact.created'] })).status).toBe(201);
    expect((await org.post(`${base}/webhooks`, { clientId: randomUUID(), url: 'ftp://example.com/x', events: ['contact.created'] })).body.messagePublic).toBe('Escribe una URL https:// (o http://) válida para el webhook.');

    const name = `Web Hook ${randomUUID().slice(0, 6)}`;
    const contactId = randomUUID();
    expect((await org.post(`/contacts/${clientId}/contacts`, { clientId: contactId, name, email: `${contactId}@correo.pe` })).status).toBe(201);
    await expect.poll(() => received.filter((r) => r.body.includes(contactId)).length, { timeout: 30_000 }).toBe(1);
    const got = received.find((r) => r.body.includes(contactId))!;
    const sig = String(got.headers['x-aforo-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig)!;
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${got.body}`).digest('hex'));
    expect(JSON.parse(got.body)).toMatchObject({ event: 'contact.created', contact: { id: contactId, name, source: 'manual' } });

    // The page's data: the delivery with its status code; the internal address refused, never called.
    await expect
      .poll(async () => {
        const hooks = (await org.get(base)).body.data.webhooks as { _id: string; deliveries: { statusCode: number | null; error: string | null }[] }[];
        return hooks.map((h) => [h._id, h.deliveries[0]?.statusCode ?? h.deliveries[0]?.error ?? null]);
      }, { timeout: 30_000 })
      .toEqual(expect.arrayContaining([[hookId, 200], [internal, 'refused: private or internal address']]));

    // Removed: no more deliveries are made to it (the next change is delivered to nobody).
    expect((await org.del(`${base}/webhooks/${hookId}`)).status).toBe(200);
    expect((await org.get(base)).body.data.webhooks.map((h: { _id: string }) => h._id)).toEqual([internal]);
  });

  it('refuses loopback, private, link-local and mapped addresses unless allow-listed', async () => {
    for (const a of ['10.1.2.3', '169.254.169.254', '192.168.1.1', '172.20.0.1', '::1', 'fe80::1', '::ffff:10.0.0.1', '100.64.0.1', '0.0.0.0']) expect(isPublicAddress(a), a).toBe(false);
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('127.0.0.1')).toBe(true); // this file's allow-list
    const saved = process.env.CONTACTS_WEBHOOK_ALLOW_ADDRESSES;
    process.env.CONTACTS_WEBHOOK_ALLOW_ADDRESSES = '';
    try {
      await expect(publicAddressOf('localhost')).rejects.toBeInstanceOf(RefusedAddressError);
      await expect(publicAddressOf('10.0.0.8')).rejects.toBeInstanceOf(RefusedAddressError);
      await expect(publicAddressOf('[::1]')).rejects.toBeInstanceOf(RefusedAddressError);
    } finally {
      process.env.CONTACTS_WEBHOOK_ALLOW_ADDRESSES = saved;
    }
  });
});
